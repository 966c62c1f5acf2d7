// Server-only behaviour attached to a declaration (provisioning, role limits...). Declarations
// stay plain data that the browser may load; what only the server may do lives here.
import type { Kysely } from 'kysely';
import type { Caller } from '../../shared/access';
import type { Database } from '../db/schema';
import type { Lang } from '../i18n';
import type { AuditAction } from '../../shared/audit';
import type { AuditEvent } from '../audit/events';

export type AuthCaller = NonNullable<Caller> & {
  userId: number;
  /** A support session: the clinic's grant, and whether it allows reading only. */
  support?: { grantId: number; readOnly: boolean };
};
export type Row = Record<string, unknown> & { id: number };
export type Input = Record<string, unknown>;

/** Queries bound to the connection of the request's open transaction. */
export type Tx = Kysely<Database>;

export interface HookContext {
  trx: Tx;
  caller: AuthCaller;
  tenantId: number | null;
  now: Date;
}

/** What a hook answers instead of performing the action (an Admin's change becomes a request). */
export class Diverted {
  constructor(
    readonly status: number,
    /** Message key, rendered in the caller's language. */
    readonly messageKey: string,
    readonly data: Record<string, unknown>,
    /** What the trail records of it (an Admin's change sent as a request), written with it. */
    readonly event?: AuditEvent,
  ) {}
}

export interface ResourceHooks {
  /** Runs first, after the access check; returning an answer replaces the action (committed). */
  divert?(ctx: HookContext, action: 'create' | 'update' | 'delete', input: Input, existing: Row | null): Promise<Diverted | undefined> | Diverted | undefined;
  beforeCreate?(ctx: HookContext, input: Input): Promise<void> | void;
  afterCreate?(ctx: HookContext, record: Row, input: Input): Promise<void> | void;
  beforeUpdate?(ctx: HookContext, input: Input, existing: Row): Promise<void> | void;
  /**
   * The name the audit trail gives this change when "changed" says too little (a clinic suspended,
   * its plan changed); undefined: 'update'.
   */
  auditAction?(input: Input, existing: Row): AuditAction | undefined;
  afterUpdate?(ctx: HookContext, record: Row, input: Input, existing: Row): Promise<void> | void;
  beforeDelete?(ctx: HookContext, existing: Row): Promise<void> | void;
  /**
   * The records of this resource still to come whose `field` names `id` (see
   * ResourceDef.cancelsOnArchive): cancelled unless `dryRun`; answers their ids.
   */
  cancelUpcoming?(ctx: HookContext, field: string, id: number, dryRun: boolean): Promise<number[]>;
  /**
   * How every row the engine answers is shown (list, show, update...): adds what only the server
   * can render from the columns, in the reader's language (a notification's message).
   */
  present?(row: Row, ctx: { lang: Lang }): Row;
}

export type HookRegistry = Record<string, ResourceHooks>;

/**
 * Several hook sets acting on one resource, run in the order given (an entity's own rules, then
 * what other modules do with its changes: the messages a booking calls for). A diversion or a
 * presentation is the first set's that has one.
 */
export function composeHooks(...sets: ResourceHooks[]): ResourceHooks {
  const each = <K extends 'beforeCreate' | 'afterCreate' | 'beforeUpdate' | 'afterUpdate' | 'beforeDelete'>(key: K) => {
    const found = sets.map((s) => s[key]).filter((f) => f !== undefined) as ((...args: unknown[]) => Promise<void> | void)[];
    if (!found.length) return undefined;
    return (async (...args: unknown[]) => {
      for (const f of found) await f(...args);
    }) as ResourceHooks[K];
  };
  return {
    divert: sets.find((s) => s.divert)?.divert,
    present: sets.find((s) => s.present)?.present,
    auditAction: sets.find((s) => s.auditAction)?.auditAction,
    cancelUpcoming: sets.find((s) => s.cancelUpcoming)?.cancelUpcoming,
    beforeCreate: each('beforeCreate'),
    afterCreate: each('afterCreate'),
    beforeUpdate: each('beforeUpdate'),
    afterUpdate: each('afterUpdate'),
    beforeDelete: each('beforeDelete'),
  };
}
