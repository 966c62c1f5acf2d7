// Two-step verification: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step either side) with ten
// single-use recovery codes, for platform users (`user_mfa`) and clinic users (`tenant_user_mfa`),
// the staff policy requiring it, and the login's second-step challenges (migration 028).
//
// - The secret is stored sealed: a clinic user's under its clinic's data key (bound to clinic and
//   user), a platform user's under a key derived from the master key (crypto/keyring.ts
//   centralSecretKey: platform staff belong to no clinic).
// - A code is accepted once: the time step it belongs to is kept, and a later code must be of a
//   later step (the check and the write are one UPDATE, so two requests cannot both use one code).
// - Recovery codes are 50 random bits each, stored as SHA-256 (unguessable already, like tokens);
//   one is used by removing its hash in one UPDATE.
// - A challenge is a 256-bit token stored hashed, bound to the account, its scope and clinic, five
//   minutes, five wrong codes, single use; a new one ends the account's earlier ones.
import { randomBytes, randomInt } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/schema';
import { type KeyRing, open, openCentralSecret, seal, sealCentralSecret } from '../crypto/keyring';
import type { AccountScope } from './accounts';
import { newToken, sha256 } from './passwords';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
export const MAX_CODE_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;
const PERIOD = 30;
const WINDOW = 1;
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommendation

/** Whose factor: a platform user (tenantId null) or a clinic's. */
export interface AccountRef {
  scope: AccountScope;
  tenantId: number | null;
  userId: number;
}

export interface FactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface Challenge {
  id: number;
  userId: number;
  purpose: 'verify' | 'enrol';
}

/** How a code was accepted. */
export type CodeKind = 'totp' | 'recovery';

/** Arabic-Indic and Persian digits as ASCII; spaces and dashes dropped (as people type codes). */
export function normalizeCode(code: string): string {
  return code
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s\-_]+/g, '')
    .toLowerCase();
}

// Crockford's base 32: no i, l, o, u, so a code read aloud or copied by hand is not misread.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function recoveryHash(code: string): string {
  // The letters Crockford reads as digits, so "o" typed for "0" still matches.
  return sha256(normalizeCode(code).replace(/o/g, '0').replace(/[il]/g, '1'));
}

/** A text[] parameter (hex hashes only: no character needs quoting). */
function hashArray(hashes: string[]): RawBuilder<string[]> {
  if (!hashes.every((h) => /^[0-9a-f]{64}$/.test(h))) throw new Error('not a hash');
  return sql<string[]>`${`{${hashes.join(',')}}`}::text[]`;
}

function tableOf(ref: AccountRef) {
  return ref.scope === 'central'
    ? { table: sql.table('user_mfa'), where: sql`user_id = ${ref.userId}` }
    : { table: sql.table('tenant_user_mfa'), where: sql`tenant_id = ${ref.tenantId} and user_id = ${ref.userId}` };
}

/** otpauth's Secret over a copy of the bytes (it takes an ArrayBuffer, not a Node Buffer's view). */
const secretOf = (bytes: Buffer) => new Secret({ buffer: Uint8Array.from(bytes).buffer });

const tenantContext = (tenantId: number, userId: number) => `tenant_user_mfa.secret:${tenantId}:${userId}`;

export class MfaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keyring: KeyRing,
  ) {}

  private async sealSecret(ref: AccountRef, secret: Buffer): Promise<string> {
    if (ref.scope === 'central') return sealCentralSecret(this.keyring.master, ref.userId, secret);
    const key = await this.keyring.keyOf(this.db, ref.tenantId!);
    return seal(key, tenantContext(ref.tenantId!, ref.userId), secret).toString('base64');
  }

  private async openSecret(ref: AccountRef, sealed: string): Promise<Secret> {
    if (ref.scope === 'central') return secretOf(openCentralSecret(this.keyring.master, ref.userId, sealed));
    const key = await this.keyring.keyOf(this.db, ref.tenantId!);
    return secretOf(open(key, tenantContext(ref.tenantId!, ref.userId), Buffer.from(sealed, 'base64')));
  }

  private async row(ref: AccountRef): Promise<{ secret_sealed: string; enabled_at: Date | null; recovery_hashes: string[] } | undefined> {
    const { table, where } = tableOf(ref);
    const { rows } = await sql<{ secret_sealed: string; enabled_at: Date | null; recovery_hashes: string[] }>`
      select secret_sealed, enabled_at, recovery_hashes from ${table} where ${where}`.execute(this.db);
    return rows[0];
  }

  async state(ref: AccountRef): Promise<FactorState> {
    const row = await this.row(ref);
    return { enabled: !!row?.enabled_at, recoveryCodesLeft: row?.enabled_at ? row.recovery_hashes.length : 0 };
  }

  /**
   * A new secret waiting for its first code (replacing any earlier one waiting); never over a
   * factor already on (the caller refuses that). Gives the secret in base 32 and its otpauth:// URI.
   */
  async beginEnrolment(ref: AccountRef, issuer: string, label: string): Promise<{ secret: string; uri: string }> {
    const bytes = randomBytes(SECRET_BYTES);
    const sealed = await this.sealSecret(ref, bytes);
    const written =
      ref.scope === 'central'
        ? await sql`insert into user_mfa (user_id, secret_sealed) values (${ref.userId}, ${sealed})
            on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_step = null, recovery_hashes = '{}', updated_at = now()
            where user_mfa.enabled_at is null returning 1`.execute(this.db)
        : await sql`insert into tenant_user_mfa (tenant_id, user_id, secret_sealed) values (${ref.tenantId}, ${ref.userId}, ${sealed})
            on conflict (tenant_id, user_id) do update set secret_sealed = excluded.secret_sealed, last_step = null, recovery_hashes = '{}', updated_at = now()
            where tenant_user_mfa.enabled_at is null returning 1`.execute(this.db);
    if (!written.rows.length) throw new Error('the second factor is on already');
    const secret = secretOf(bytes);
    const totp = new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD });
    return { secret: secret.base32, uri: totp.toString() };
  }

  /** The time step a six-digit code belongs to, if it is one of `secret`'s within the window. */
  private stepOf(secret: Secret, code: string, now: Date): number | null {
    if (!/^[0-9]{6}$/.test(code)) return null;
    const delta = TOTP.validate({ token: code, secret, algorithm: 'SHA1', digits: 6, period: PERIOD, timestamp: now.getTime(), window: WINDOW });
    return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now.getTime() }) + delta;
  }

  /**
   * Turns a waiting enrolment on with its first code; gives the new recovery codes (shown once), or
   * null when the code is wrong or nothing waits.
   */
  async confirmEnrolment(ref: AccountRef, rawCode: string, now: Date): Promise<string[] | null> {
    const row = await this.row(ref);
    if (!row || row.enabled_at) return null;
    const step = this.stepOf(await this.openSecret(ref, row.secret_sealed), normalizeCode(rawCode), now);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const { table, where } = tableOf(ref);
    const { rows } = await sql`update ${table} set enabled_at = ${now}, last_step = ${step}, recovery_hashes = ${hashArray(codes.map(recoveryHash))}, updated_at = ${now}
      where ${where} and enabled_at is null and secret_sealed = ${row.secret_sealed} returning 1`.execute(this.db);
    return rows.length ? codes : null;
  }

  /** Checks a code of a factor that is on: a TOTP code (once) or a recovery code (used up). */
  async verify(ref: AccountRef, rawCode: string, now: Date): Promise<CodeKind | null> {
    const row = await this.row(ref);
    if (!row?.enabled_at) return null;
    const code = normalizeCode(rawCode);
    const { table, where } = tableOf(ref);
    if (/^[0-9]{6}$/.test(code)) {
      const step = this.stepOf(await this.openSecret(ref, row.secret_sealed), code, now);
      if (step === null) return null;
      // Only a later step than the last accepted one: a code seen once (over a shoulder, in a
      // proxy's log) is refused the second time.
      const { rows } = await sql`update ${table} set last_step = ${step}, updated_at = ${now}
        where ${where} and enabled_at is not null and (last_step is null or last_step < ${step}) returning 1`.execute(this.db);
      return rows.length ? 'totp' : null;
    }
    if (code.length < 8 || code.length > 20) return null;
    const hash = recoveryHash(code);
    const { rows } = await sql`update ${table} set recovery_hashes = array_remove(recovery_hashes, ${hash}::text), updated_at = ${now}
      where ${where} and enabled_at is not null and ${hash}::text = any(recovery_hashes) returning 1`.execute(this.db);
    return rows.length ? 'recovery' : null;
  }

  /** Replaces the recovery codes of a factor that is on (the old ones stop working); null when off. */
  async renewRecoveryCodes(ref: AccountRef, now: Date): Promise<string[] | null> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const { table, where } = tableOf(ref);
    const { rows } = await sql`update ${table} set recovery_hashes = ${hashArray(codes.map(recoveryHash))}, updated_at = ${now}
      where ${where} and enabled_at is not null returning 1`.execute(this.db);
    return rows.length ? codes : null;
  }

  /** Removes the factor (on or waiting) and ends the account's open challenges. True if there was one on. */
  async remove(ref: AccountRef): Promise<boolean> {
    const { table, where } = tableOf(ref);
    const { rows } = await sql<{ enabled_at: Date | null }>`delete from ${table} where ${where} returning enabled_at`.execute(this.db);
    await this.endChallenges(ref, new Date());
    return rows.some((r) => r.enabled_at !== null);
  }

  /** Whether the platform (tenantId null) or the clinic requires the factor of its staff. */
  async required(tenantId: number | null): Promise<boolean> {
    const { rows } = await sql<{ required: boolean }>`select required from mfa_policies where coalesce(tenant_id, 0) = ${tenantId ?? 0}`.execute(this.db);
    return rows[0]?.required ?? false;
  }

  async setRequired(tenantId: number | null, required: boolean, by: number, now: Date): Promise<void> {
    await sql`insert into mfa_policies (tenant_id, required, updated_by, updated_at) values (${tenantId}, ${required}, ${by}, ${now})
      on conflict (coalesce(tenant_id, 0)) do update set required = excluded.required, updated_by = excluded.updated_by, updated_at = excluded.updated_at`.execute(this.db);
  }

  private async endChallenges(ref: AccountRef, now: Date): Promise<void> {
    const tenant = ref.tenantId === null ? sql`tenant_id is null` : sql`tenant_id = ${ref.tenantId}`;
    await sql`update mfa_challenges set used_at = ${now} where scope = ${ref.scope} and ${tenant} and user_id = ${ref.userId} and used_at is null`.execute(this.db);
  }

  /** A new challenge for the login's second step (earlier ones of the account end). Gives its token. */
  async createChallenge(ref: AccountRef, purpose: Challenge['purpose'], now: Date): Promise<string> {
    await this.endChallenges(ref, now);
    const token = newToken();
    await this.db
      .insertInto('mfa_challenges')
      .values({ token_hash: sha256(token), scope: ref.scope, tenant_id: ref.tenantId, user_id: ref.userId, purpose, expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS), used_at: null })
      .execute();
    return token;
  }

  /** The open challenge of this token on this host (scope and clinic), if any. */
  async findChallenge(token: string, scope: AccountScope, tenantId: number | null, now: Date): Promise<Challenge | undefined> {
    let q = this.db
      .selectFrom('mfa_challenges')
      .select(['id', 'user_id', 'purpose'])
      .where('token_hash', '=', sha256(token))
      .where('scope', '=', scope)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', MAX_CODE_TRIES);
    q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
    const row = await q.executeTakeFirst();
    return row && { id: Number(row.id), userId: Number(row.user_id), purpose: row.purpose };
  }

  /** A wrong code: one try fewer (the fifth ends the challenge). */
  async failChallenge(id: number, now: Date): Promise<void> {
    await sql`update mfa_challenges set attempts = attempts + 1, used_at = case when attempts + 1 >= ${MAX_CODE_TRIES} then ${now}::timestamptz end
      where id = ${id}`.execute(this.db);
  }

  /** Uses the challenge up; false if a concurrent request already did. */
  async consumeChallenge(id: number, now: Date): Promise<boolean> {
    const { rows } = await sql`update mfa_challenges set used_at = ${now} where id = ${id} and used_at is null returning 1`.execute(this.db);
    return rows.length > 0;
  }
}
