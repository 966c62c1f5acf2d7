// Password recovery with one-time codes: six digits, stored hashed, single use, ten minutes, at
// most five tries; then a reset token (random, stored hashed) that sets the new password once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Lang } from '../i18n';
import { type Account, type AccountScope, findAccount, setPassword } from './accounts';
import { assertPassword, personalWords } from './password-policy';
import type { CodeMailer } from './mailer';
import { hashPassword, newCode, newToken, sha256, verifyPassword } from './passwords';
import { endUserSessions } from './sessions';

const CODE_LIFETIME_MS = 10 * 60_000;
const MAX_TRIES = 5;

const invalidCode = () => new ApiError(422, 'errors.invalidCode', undefined, { code: [{ key: 'errors.invalidCode' }] });
const invalidToken = () => new ApiError(422, 'errors.invalidResetToken', undefined, { token: [{ key: 'errors.invalidResetToken' }] });

export class PasswordRecovery {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: CodeMailer,
    private readonly clock: () => Date,
  ) {}

  private scoped(scope: AccountScope, tenantId: number | null, userId: number) {
    let q = this.db.selectFrom('password_resets').selectAll().where('scope', '=', scope).where('user_id', '=', userId);
    q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
    return q;
  }

  async request(scope: AccountScope, tenantId: number | null, username: string, lang: Lang): Promise<void> {
    const account = await findAccount(this.db, scope, tenantId, username);
    const code = newCode();
    const codeHash = await hashPassword(code); // hashed either way, so both answers take as long
    if (!account || !account.is_active) return;
    const now = this.clock();
    // A new code replaces any earlier one.
    let old = this.db.updateTable('password_resets').set({ used_at: now }).where('scope', '=', scope).where('user_id', '=', account.id).where('used_at', 'is', null);
    old = tenantId === null ? old.where('tenant_id', 'is', null) : old.where('tenant_id', '=', tenantId);
    await old.execute();
    await this.db
      .insertInto('password_resets')
      .values({ scope, tenant_id: tenantId, user_id: account.id, code_hash: codeHash, expires_at: new Date(now.getTime() + CODE_LIFETIME_MS), created_at: now, used_at: null, reset_token_hash: null })
      .execute();
    await this.mailer.sendCode({ email: account.email, username: account.username }, code, lang);
  }

  async verify(scope: AccountScope, tenantId: number | null, username: string, code: string): Promise<string> {
    const account = await findAccount(this.db, scope, tenantId, username);
    if (!account) throw invalidCode();
    const now = this.clock();
    const row = await this.scoped(scope, tenantId, account.id)
      .where('used_at', 'is', null)
      .where('reset_token_hash', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() <= now.getTime() || row.attempts >= MAX_TRIES) throw invalidCode();
    if (!(await verifyPassword(row.code_hash, code))) {
      const attempts = row.attempts + 1;
      await this.db.updateTable('password_resets').set({ attempts, ...(attempts >= MAX_TRIES ? { used_at: now } : {}) }).where('id', '=', row.id).execute();
      throw invalidCode();
    }
    const token = newToken();
    await this.db
      .updateTable('password_resets')
      .set({ reset_token_hash: sha256(token), expires_at: new Date(now.getTime() + CODE_LIFETIME_MS) })
      .where('id', '=', row.id)
      .execute();
    return token;
  }

  /** Sets the new password; gives the account (for the audit trail). */
  async reset(scope: AccountScope, tenantId: number | null, username: string, token: string, password: string): Promise<Account> {
    const account = await findAccount(this.db, scope, tenantId, username);
    if (!account) throw invalidToken();
    const now = this.clock();
    const row = await this.scoped(scope, tenantId, account.id).where('reset_token_hash', '=', sha256(token)).where('used_at', 'is', null).executeTakeFirst();
    if (!row || row.expires_at.getTime() <= now.getTime()) throw invalidToken();
    assertPassword(password, await personalWords(this.db, tenantId, account));
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('password_resets').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).returning('id').executeTakeFirst();
      if (!used) throw invalidToken(); // a concurrent reset got there first
      await setPassword(trx, scope, tenantId, account.id, hash, now);
      await endUserSessions(trx, scope, tenantId, account.id);
    });
    return account;
  }
}
