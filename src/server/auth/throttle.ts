// Failed-login throttling, kept in the database so every server process sharing it sees the same
// counts: an account as tried from one address (so failures from one place cannot lock the
// account's owner out everywhere else: nobody can lock the Owner out from afar), and an address
// trying many accounts.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

/**
 * The per-address ceiling on login attempts (@fastify/rate-limit), over the failure throttle
 * below: 30 a minute from one address to one application (a clinic, or the central host). Per
 * clinic, because clinics behind one mobile carrier's shared address (common in Iraq) would
 * otherwise take each other's attempts; the failure throttle still counts an address across all.
 */
export const LOGIN_CEILING = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const host = request.hostKind;
    return `${request.ip} ${host.kind === 'tenant' ? host.subdomain : ''}`;
  },
};

export interface ThrottlePolicy {
  windowMinutes: number;
  /** Failures of one account from one address. */
  maxPerAccountFromAddress: number;
  maxPerAddress: number;
}

/**
 * What a login attempt counts against: the account as tried from this address (elsewhere its
 * owner still logs in) and the address. Wrong second-step codes count against the same keys.
 */
export function loginKeys(scope: string, tenantId: number | null, username: string, ip: string): { account: string; address: string } {
  return { account: `account:${scope}:${tenantId ?? 0}:${username.trim().toLowerCase()}@${ip}`, address: `address:${ip}` };
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { windowMinutes: 15, maxPerAccountFromAddress: 5, maxPerAddress: 30 };

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: ThrottlePolicy,
  ) {}

  private since(now: Date): Date {
    return new Date(now.getTime() - this.policy.windowMinutes * 60_000);
  }

  private async count(key: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('created_at', '>', this.since(now))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Throws 429 when the account from this address, or the address, has failed too often lately. */
  async check(accountKey: string, addressKey: string, now: Date): Promise<void> {
    const [account, address] = await Promise.all([this.count(accountKey, now), this.count(addressKey, now)]);
    if (account >= this.policy.maxPerAccountFromAddress || address >= this.policy.maxPerAddress) {
      throw new ApiError(429, 'errors.tooManyAttempts', { minutes: this.policy.windowMinutes });
    }
  }

  async fail(keys: string[], now: Date): Promise<void> {
    await this.db.insertInto('login_failures').values(keys.map((key) => ({ key, created_at: now }))).execute();
    // Old rows are useless; trimming here keeps the table small without a separate job.
    await this.db.deleteFrom('login_failures').where('created_at', '<', this.since(now)).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute();
  }
}
