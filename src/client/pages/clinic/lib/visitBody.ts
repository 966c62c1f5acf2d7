// The body of POST /visitings from the visit form's values: blank texts become null, the advice
// multi-selects become lists of { <catalog>_id }.

export const VISIT_TEXTS = ['chief_complaint', 'history_of_present_illness', 'examination_findings', 'physician_diagnosis'] as const;

/** The advice lists: form field, catalog resource, id field of an item. */
export const ADVICE = [
  { field: 'examinations', resource: 'examinations', id: 'examination_id' },
  { field: 'life_styles', resource: 'lifeStyles', id: 'life_style_id' },
  { field: 'physical_theraphies', resource: 'physicalTheraphies', id: 'physical_theraphy_id' },
] as const;

export interface RxRow {
  drug_id?: number;
  dose?: string;
  frequency?: string;
  duration?: string;
  notes?: string;
}
export type VisitValues = Record<string, unknown> & { prescriptions?: RxRow[] };

const blank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function visitBody(values: VisitValues, patientId: number, appointmentId: number | null): Record<string, unknown> {
  const body: Record<string, unknown> = { patient_id: patientId, appointment_id: appointmentId };
  for (const f of VISIT_TEXTS) body[f] = blank(values[f]);
  body.notes = blank(values.notes);
  body.attachments = Array.isArray(values.attachments) ? values.attachments : [];
  body.service_id = typeof values.service_id === 'number' ? values.service_id : null;
  body.fee = Number(values.fee ?? 0);
  // A payment is sent only when one is taken (a row of the ledger, with its receipt).
  const payment = Number(values.payment ?? 0);
  body.payment = payment > 0 ? payment : null;
  body.payment_method = payment > 0 ? Number(values.payment_method ?? 0) : null;
  body.prescriptions = (values.prescriptions ?? []).map((r) => ({
    drug_id: r.drug_id,
    dose: blank(r.dose),
    frequency: blank(r.frequency),
    duration: blank(r.duration),
    notes: blank(r.notes),
  }));
  for (const a of ADVICE) body[a.field] = ((values[a.field] as number[] | undefined) ?? []).map((id) => ({ [a.id]: id }));
  if (values.allergy_override === true) {
    body.allergy_override = true;
    body.allergy_override_reason = blank(values.allergy_override_reason);
  }
  return body;
}

/** The visit form's values from a saved visit (editing it): the inverse of visitBody. */
export function visitValues(visit: Record<string, unknown>): VisitValues {
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const values: VisitValues = {
    notes: visit.notes ?? undefined,
    attachments: list(visit.attachments),
    service_id: visit.service_id === null || visit.service_id === undefined ? undefined : Number(visit.service_id),
    fee: Number(visit.fee ?? 0),
    prescriptions: list(visit.prescriptions).map((r) => ({
      drug_id: Number(r.drug_id),
      dose: (r.dose as string | null) ?? undefined,
      frequency: (r.frequency as string | null) ?? undefined,
      duration: (r.duration as string | null) ?? undefined,
      notes: (r.notes as string | null) ?? undefined,
    })),
  };
  for (const f of VISIT_TEXTS) values[f] = visit[f] ?? undefined;
  for (const a of ADVICE) values[a.field] = list(visit[a.field]).map((i) => Number(i[a.id]));
  return values;
}
