// What a new password must not be (ASVS 5.0 6.2): common or easily guessed (zxcvbn-ts with its
// bundled lists of common and breached passwords, keyboard patterns and sequences: a score under 3
// of 4 is refused), nor built on the account's own names (username, name, clinic, subdomain).
// Length: 12 to 128 characters, any characters, spaces included.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type FieldMessage, invalid } from '../http/errors';

import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/password-length';

export { PASSWORD_MAX, PASSWORD_MIN };
const MIN_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Why `password` may not be used, or null. `personal`: the account's names, its clinic's. */
export function passwordProblem(password: string, personal: readonly (string | null | undefined)[]): FieldMessage | null {
  if (password.length < PASSWORD_MIN) return { key: 'validation.minLength', vars: { limit: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'validation.maxLength', vars: { limit: PASSWORD_MAX } };
  const lower = password.toLowerCase();
  const words = personal.flatMap((p) => (p ?? '').toLowerCase().split(/[\s._@-]+/)).filter((w) => w.length >= 3);
  if (words.some((w) => lower.includes(w))) return { key: 'validation.passwordPersonal' };
  if (zxcvbn.check(password, words).score < MIN_SCORE) return { key: 'validation.passwordWeak' };
  return null;
}

/** The names a clinic account's password may not be built on: its own and its clinic's. */
export async function personalWords(db: Kysely<Database>, tenantId: number | null, account: { username?: unknown; name?: unknown }): Promise<string[]> {
  const words = [account.username, account.name].filter((w): w is string => typeof w === 'string');
  if (tenantId === null) return words;
  const clinic = await db.selectFrom('tenants').select(['name', 'subdomain']).where('id', '=', tenantId).executeTakeFirst();
  return clinic ? [...words, clinic.name, clinic.subdomain] : words;
}

/** Throws 422 on `field` when the password may not be used. */
export function assertPassword(password: string, personal: readonly (string | null | undefined)[], field = 'password'): void {
  const problem = passwordProblem(password, personal);
  if (problem) throw invalid({ [field]: [problem] });
}
