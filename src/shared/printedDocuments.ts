// Prints anyone can verify (issue 40): the kinds of printed document that carry a verification
// code, and the canonical form their content is digested in. Shared by the server that stores the
// digest and signs the code (src/server/prints/) and the client that prints the sheets.

/** What a printed document is; each is issued from one kind of record (`PRINTED_SOURCES`). */
export const PRINTED_KINDS = ['prescription', 'sick_note', 'referral', 'lab_order', 'receipt'] as const;
export type PrintedKind = (typeof PRINTED_KINDS)[number];

/** The path of the verification page on the clinic's host: `/verify/<id>.<signature>`. */
export const VERIFY_PATH = '/verify';

/** What the public page answers for a valid or revoked code: never the patient, nothing clinical. */
export interface VerifiedDocument {
  status: 'valid' | 'revoked';
  clinic: string;
  doctor: string | null;
  /** The document's own date (the visit's, the payment's), YYYY-MM-DD. */
  date: string;
  kind: PrintedKind;
  /** SHA-256 of the printed content's canonical form, hex. */
  digest: string;
  revoked_at: string | null;
}

/** What the server answers the print that asked for a code. */
export interface IssuedDocument {
  id: number;
  /** The verification page, on the clinic's host, the QR code's content. */
  url: string;
  digest: string;
}

/**
 * The canonical form of a printed content: JSON with object keys sorted, no spaces, strings in
 * NFC, so the same content gives the same bytes on every device and in any order of its keys.
 * Nulls and undefined members are left out (an absent line and an empty one are the same print).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.normalize('NFC'));
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return 'null';
}
