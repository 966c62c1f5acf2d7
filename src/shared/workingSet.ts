// What a clinic's device keeps for working through an internet cut (issue 36): which resources,
// which of their fields, and which of their rows. Shared by the server's feed (it answers nothing
// else) and the client's sealed store. Clinical free text (notes, complaints, findings,
// diagnoses) and identity numbers stay online: a device holds what the desk reads.

export interface WorkingSetEntry {
  /** Fields kept beside id, version, updated_at and archived_at. */
  fields: readonly string[];
  /**
   * Rows kept by their date: from `from` days before the clinic's today to `to` days after
   * (0, 0: today only). Absent: every row that is not archived.
   */
  window?: { field: string; from: number; to: number };
}

export const WORKING_SET: Readonly<Record<string, WorkingSetEntry>> = {
  patients: { fields: ['file_number', 'name', 'gender', 'date_of_birth', 'phone', 'email', 'address', 'emergency_contact', 'language', 'blood_group'] },
  allergies: { fields: ['patient_id', 'substance', 'reaction', 'severity', 'noted_on'] },
  patientAlerts: { fields: ['patient_id', 'kind', 'detail', 'active'] },
  appointments: {
    fields: ['patient_id', 'doctor_id', 'date', 'time', 'duration_minutes', 'origin', 'type', 'status', 'checked_in_at', 'confirmed_at', 'is_paid', 'service_id', 'amount', 'paid_amount', 'referral'],
    window: { field: 'date', from: -7, to: 30 },
  },
  tenantUsers: { fields: ['name', 'role', 'is_active', 'phone'] },
  workingHours: { fields: ['doctor_id', 'weekday', 'start_time', 'end_time'] },
  closedDays: { fields: ['date', 'doctor_id', 'reason'] },
  prices: { fields: ['name', 'price', 'doctor_id', 'active'] },
  drugs: { fields: ['name', 'scientific_name', 'form', 'strength'] },
  visitings: { fields: ['patient_id', 'appointment_id', 'doctor_id', 'date', 'service_id', 'fee', 'paid_amount'], window: { field: 'date', from: 0, to: 0 } },
  payments: { fields: ['patient_id', 'receipt_number', 'provisional_receipt', 'date', 'amount', 'method', 'appointment_id', 'visiting_id', 'refund_of'], window: { field: 'date', from: 0, to: 0 } },
};

/**
 * Answers of the clinic's own GET endpoints a device keeps beside the rows (sealed, per user): what
 * the day's screens and prints read besides records. Offline, a call to one of them is answered
 * with the kept copy (src/client/providers/custom.ts). Kept only when the user may read them.
 */
export const KEPT_ANSWERS = ['/settings/clinic', '/settings/letterhead', '/dashboard/doctors'] as const;

export function isKeptAnswer(path: string): boolean {
  return (KEPT_ANSWERS as readonly string[]).includes(path);
}

/**
 * Where the titles of a resource's records are read when the user may not read the records
 * themselves: a kept answer every user may call, as a list under `list` of { id, name }. A
 * booking's doctor, for a secretary (staff records are the Main Doctor's): by name, not by number.
 */
export const TITLE_ANSWERS: Readonly<Record<string, { path: (typeof KEPT_ANSWERS)[number]; list: string }>> = {
  tenantUsers: { path: '/dashboard/doctors', list: 'doctors' },
};

/** The titles (id -> name) a title answer (TITLE_ANSWERS) carries. */
export function titlesFromAnswer(resource: string, body: unknown): Record<string, string> {
  const source = TITLE_ANSWERS[resource];
  const list = source && body && typeof body === 'object' ? (body as Record<string, unknown>)[source.list] : undefined;
  if (!Array.isArray(list)) return {};
  const out: Record<string, string> = {};
  for (const item of list as { id?: unknown; name?: unknown }[]) if (item && typeof item.name === 'string' && item.name) out[String(item.id)] = item.name;
  return out;
}

/**
 * GET endpoints a device answers itself during a cut from the kept rows, by the server's own rule,
 * whatever their query: the free slots (shared/slots.ts, src/client/offline/availability.ts).
 */
export const COMPUTED_ANSWERS = ['/appointments/availability'] as const;

export function isComputedAnswer(path: string): boolean {
  return (COMPUTED_ANSWERS as readonly string[]).includes(path);
}

/** Columns every kept row has beside its entry's fields. */
export const ROW_META = ['id', 'version', 'updated_at', 'archived_at'] as const;

export type WorkingSetResource = keyof typeof WORKING_SET;

export function isWorkingSetResource(name: string): name is WorkingSetResource {
  return Object.hasOwn(WORKING_SET, name);
}

/** Whether the device keeps this field of the resource's rows (a national ID it does not). */
export function isKeptField(resource: string, field: string): boolean {
  return (ROW_META as readonly string[]).includes(field) || (isWorkingSetResource(resource) && WORKING_SET[resource].fields.includes(field));
}

/** A row cut down to what the device keeps. */
export function keptFields(resource: WorkingSetResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of [...ROW_META, ...WORKING_SET[resource].fields]) if (f in row) out[f] = row[f];
  return out;
}

/** Whether a row belongs on the device on `today` (YYYY-MM-DD): inside its window, not archived. */
export function keptRow(resource: WorkingSetResource, row: Record<string, unknown>, today: string): boolean {
  if (row.archived_at) return false;
  const window = WORKING_SET[resource].window;
  if (!window) return true;
  const value = typeof row[window.field] === 'string' ? (row[window.field] as string).slice(0, 10) : null;
  return value !== null && value >= shiftDay(today, window.from) && value <= shiftDay(today, window.to);
}

/** YYYY-MM-DD moved by `days` (calendar arithmetic in UTC, free of the machine's time zone). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

