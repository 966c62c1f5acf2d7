// Shared enumerations (docs/product.md#enumerations). Values are the numbers stored and sent over the API;
// labels come from the locale files under `enums.<name>.<value>`.

export const ENUMS = {
  gender: [0, 1],
  accountStatus: [0, 1, 2],
  priority: [0, 1, 2],
  centralRole: [0, 1, 2, 3],
  tenantRole: [0, 1, 2, 3],
  appointmentFrom: [0, 1, 2],
  visitType: [0, 1],
  // active, waiting, postponed, late, lab, referred, done, cancelled.
  appointmentStatus: [0, 1, 2, 3, 4, 5, 6, 7],
  bloodGroup: [0, 1, 2, 3, 4, 5, 6, 7],
  // manual, a visit's payment, a payment at the desk, a payment toward the balance, a refund.
  incomeSource: [0, 1, 2, 3, 4],
  // cash, card, bank transfer, mobile wallet (FIB, FastPay, Zain Cash...).
  paymentMethod: [0, 1, 2, 3],
  // Days of the week as JavaScript and dayjs number them: 0 is Sunday.
  weekday: [0, 1, 2, 3, 4, 5, 6],
  // mild, moderate, severe, life-threatening (anaphylaxis).
  allergySeverity: [0, 1, 2, 3],
  // pregnancy, breastfeeding, kidney disease, liver disease, anticoagulant, implanted device, other.
  alertKind: [0, 1, 2, 3, 4, 5, 6],
  // A message to a patient about a booking: its confirmation, the day-before reminder, a change of time, a cancellation.
  messageKind: [0, 1, 2, 3],
  // The classes of active ingredients the allergy check knows (shared/drug-classes.ts DRUG_CLASS).
  drugClass: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
} as const satisfies Record<string, readonly number[]>;

export type EnumName = keyof typeof ENUMS;

/** The colours of the enumerations whose values carry a meaning (antd tag colours, by position). */
export const ENUM_TONES: Partial<Record<EnumName, readonly string[]>> = {
  accountStatus: ['green', 'orange', 'default'],
  priority: ['red', 'orange', 'blue'],
  allergySeverity: ['gold', 'orange', 'red', 'magenta'],
};

export function enumValues(name: string): readonly number[] {
  const values = (ENUMS as Record<string, readonly number[]>)[name];
  if (!values) throw new Error(`Unknown enumeration ${name}`);
  return values;
}

export const ACCOUNT_STATUS = { active: 0, suspended: 1, archived: 2 } as const;

/** Where an income came from: typed in by hand, or one payment of the ledger (resources/payments/). */
export const INCOME_SOURCE = { manual: 0, visit: 1, appointment: 2, payment: 3, refund: 4 } as const;

export const PAYMENT_METHOD = { cash: 0, card: 1, transfer: 2, wallet: 3 } as const;

/** Appointment statuses by name (the values of `appointmentStatus`). */
export const APPOINTMENT_STATUS = { active: 0, waiting: 1, postponed: 2, late: 3, lab: 4, refer: 5, done: 6, cancelled: 7 } as const;

export const MESSAGE_KIND = { confirmation: 0, reminder: 1, change: 2, cancellation: 3 } as const;
