// What a declared write rule sees: the record being written (the input, which a rule may fill), the
// record as stored (an update) or null (a create), the caller and clinic, and the one transaction
// the write runs in, passed in, never read from a shared slot.
import type { RawBuilder } from 'kysely';
import type { ResourceDef } from '../../../shared/resource';
import type { AuthCaller, Input, Row, Tx } from '../hooks';

export interface WriteContext {
  trx: Tx;
  def: ResourceDef;
  input: Input;
  existing: Row | null;
  caller: AuthCaller;
  tenantId: number | null;
  now: Date;
  /** The WHERE a read of `target` by this caller is limited to (clinic, fixed columns, row filter). */
  readableWhere(target: ResourceDef): RawBuilder<unknown>[];
}

/** One declared rule: throws its refusal (422 on the field), or fills what the declaration says. */
export type WriteRule = (ctx: WriteContext) => Promise<void> | void;
