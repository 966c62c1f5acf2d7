// Who the request's caller is and what they may do, decided once per question and remembered: a
// caller decided from the process's kept copy of a session (migration 031) is confirmed at the first
// transaction, and if an access changed meanwhile, decided again; every answer already given must
// then still hold, or the request is refused.
import type { Kysely } from 'kysely';
import { can, hasPermission } from '../../shared/access';
import type { Action, ResourceDef } from '../../shared/resource';
import type { Database } from '../db/schema';
import { forbidden, unauthenticated } from '../http/errors';
import type { AuthCaller, Tx } from './hooks';

/**
 * A caller decided from the process's copy of the session, read at access epoch `epoch`
 * (migration 031). The first transaction starts only if no access changed since; otherwise
 * `recheck` looks the session up again on the given connection and decides the request again
 * (throwing its refusal: 401, 417, 403), answering the caller it has now.
 */
export interface AccessCheck {
  epoch: number;
  recheck(db: Kysely<Database>): Promise<AuthCaller | null>;
}

/**
 * Who may use a custom endpoint: a clinic permission (Main Doctor passes), central roles, clinic
 * roles, or a declared resource's action as the access matrix says. `notSupport`: not for a support session.
 */
export type AccessRule =
  | { permission: string; action: Action }
  | { roles: readonly number[] }
  | { clinicRoles: readonly number[]; notSupport?: boolean }
  | { resource: ResourceDef; action: Action };

export function allowedBy(caller: AuthCaller | null, rule: AccessRule): boolean {
  if (!caller) return false;
  if ('roles' in rule) return caller.scope === 'central' && rule.roles.includes(caller.role);
  if ('clinicRoles' in rule) return caller.scope === 'tenant' && !(rule.notSupport && caller.support) && rule.clinicRoles.includes(caller.role);
  if ('resource' in rule) return can(caller, rule.resource, rule.action);
  return hasPermission(caller, rule.permission, rule.action);
}

export class Authorization {
  // The access decisions made so far, replayed if the session turns out to have changed.
  private readonly decisions: { decide: (caller: AuthCaller | null) => boolean; answer: boolean }[] = [];

  constructor(
    private who: AuthCaller | null,
    private access: AccessCheck | null,
  ) {}

  get caller(): AuthCaller | null {
    return this.who;
  }

  /** The kept session's epoch, while nothing has confirmed it yet. */
  get pendingEpoch(): number | null {
    return this.access?.epoch ?? null;
  }

  /** Confirmed: later changes are concurrent with this request, as they would be without a copy. */
  confirmed(): void {
    this.access = null;
  }

  can(def: ResourceDef, action: Action): boolean {
    return this.decided((caller) => can(caller, def, action));
  }

  allows(rule: AccessRule): boolean {
    return this.decided((caller) => allowedBy(caller, rule));
  }

  private decided(decide: (caller: AuthCaller | null) => boolean): boolean {
    const answer = decide(this.who);
    if (this.access) this.decisions.push({ decide, answer });
    return answer;
  }

  authorize(def: ResourceDef, action: Action): AuthCaller {
    if (!this.who) throw unauthenticated();
    if (!this.can(def, action)) throw forbidden();
    return this.who;
  }

  require(rule: AccessRule): AuthCaller {
    if (!this.who) throw unauthenticated();
    if (!this.allows(rule)) throw forbidden();
    return this.who;
  }

  /** A route no one may call on this host: 401 without a session, else 403. */
  refuse(): never {
    if (!this.who) throw unauthenticated();
    throw forbidden();
  }

  /**
   * An access changed since the kept session was read: look it up again (on this connection: a
   * second one from the pool could wait forever under load) and decide again. A refusal throws as
   * a fresh lookup's would; a caller who is someone else now, or whom an access decision already
   * made would now go the other way, is refused (403); otherwise the request goes on as them.
   */
  async decideAgain(conn: Tx): Promise<void> {
    const access = this.access;
    if (!access) return;
    this.access = null;
    const fresh = await access.recheck(conn);
    const before = this.who;
    const someoneElse = before && fresh && (before.scope !== fresh.scope || before.role !== fresh.role || before.userId !== fresh.userId);
    if (someoneElse || this.decisions.some((d) => d.decide(fresh) !== d.answer)) throw forbidden();
    this.who = fresh;
  }
}
