// The verification code a printed document carries (issue 40): `<id>.<signature>`, the signature
// an HMAC-SHA256 of the clinic, the document's id and its content digest under a key derived from
// the clinic's data key (crypto/keyring.ts), so a code names one document of one clinic with the
// content it was printed with: an altered or invented code is refused, and nothing but the row
// (its digest) is stored to check one. The clinic's data key, not the master key: a change of
// master key re-wraps it and every code printed so far still verifies.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import { canonicalJson } from '../../shared/printedDocuments';

const SIGNATURE_LENGTH = 22;
const CODE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})$/;

/** SHA-256 of the content's canonical form (src/shared/printedDocuments.ts), hex. */
export function contentDigest(content: unknown): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

async function signature(keyring: KeyRing, db: Kysely<Database>, tenantId: number, id: number, digest: string): Promise<string> {
  const key = await keyring.derivedKey(db, tenantId, 'printed-documents');
  return createHmac('sha256', key).update(`${tenantId}:${id}:${digest}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

export async function verificationCode(keyring: KeyRing, db: Kysely<Database>, tenantId: number, id: number, digest: string): Promise<string> {
  return `${id}.${await signature(keyring, db, tenantId, id, digest)}`;
}

/** A code's parts, or null for anything not shaped like one. */
export function parseCode(code: string): { id: number; signature: string } | null {
  const match = CODE.exec(code);
  return match ? { id: Number(match[1]), signature: match[2] } : null;
}

/** Whether `given` is the signature of this clinic's document `id` with this digest. */
export async function signatureFits(keyring: KeyRing, db: Kysely<Database>, tenantId: number, id: number, digest: string, given: string): Promise<boolean> {
  const expected = Buffer.from(await signature(keyring, db, tenantId, id, digest));
  const offered = Buffer.from(given);
  return expected.length === offered.length && timingSafeEqual(expected, offered);
}
