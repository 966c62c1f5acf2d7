// Server-only behaviour attached to a declaration (provisioning, role limits...). Declarations
// stay plain data that the browser may load; what only the server may do lives here.
import type { Transaction } from 'kysely';
import type { Caller } from '../../shared/access';
import type { Database } from '../db/schema';

export type AuthCaller = NonNullable<Caller> & { userId: number };
export type Row = Record<string, unknown> & { id: number };
export type Input = Record<string, unknown>;

export interface HookContext {
  trx: Transaction<Database>;
  caller: AuthCaller;
  tenantId: number | null;
  now: Date;
}

export interface ResourceHooks {
  beforeCreate?(ctx: HookContext, input: Input): Promise<void> | void;
  afterCreate?(ctx: HookContext, record: Row, input: Input): Promise<void> | void;
  beforeUpdate?(ctx: HookContext, input: Input, existing: Row): Promise<void> | void;
  afterUpdate?(ctx: HookContext, record: Row, input: Input, existing: Row): Promise<void> | void;
  beforeDelete?(ctx: HookContext, existing: Row): Promise<void> | void;
}

export type HookRegistry = Record<string, ResourceHooks>;
