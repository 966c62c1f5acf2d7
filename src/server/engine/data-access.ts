// The data access object every request receives, already bound to its caller and clinic. Handlers
// go through it, so none can forget the access check or the tenant: resource queries always carry
// `tenant_id`, and on top of that the transaction runs as a role under row-level security.
// Its reads and access checks are DataReads (data-reads.ts); here, the writes, which orchestrate
// the parts beside them: rules/ (the declared write rules, applied in their listed order),
// sealing.ts, references.ts (what still uses a record) and the hooks.
import { sql } from 'kysely';
import { type ResourceDef, isArchivable, patientIdOf } from '../../shared/resource';
import { type Actor, type AuditEvent, NO_ORIGIN, changedFields, recordEvent } from '../audit/events';
import { notFound } from '../http/errors';
import { type AuthCaller, Diverted, type HookContext, type Input, type Row, type Tx } from './hooks';
import { releaseDroppedFiles } from './released-files';
import { type Holder, holdersOf } from './references';
import { StaleRecord, callerValue, columns, fetchOne, isStale, scopeWhere } from './reads';
import { toColumns } from './sealing';
import { cancelUpcoming } from './rules/cancel-on-archive';
import { clientRefOf, madeBefore } from './rules/offline-ref';
import { AFTER_INSERT_RULES, BEFORE_WRITE_RULES, INPUT_RULES, type WriteContext, applyRules, changesStored } from './rules/index';
import { DataReads } from './data-reads';

export type { AccessCheck, AccessRule } from './authorization';
export { StaleRecord } from './reads';

/** A DELETE refused because other records still use this one (delete policy `restrict`): 409. */
export class StillReferenced extends Error {
  constructor(readonly holders: Holder[]) {
    super('still referenced');
  }
}

/** What a DELETE did: removed the record, or archived it because others still use it. */
export type Removal = { kind: 'deleted' } | { kind: 'archived'; record: Row; holders: Holder[] };
export type { DataAccessOptions, ListResult } from './data-reads';

export class DataAccess extends DataReads {
  /**
   * The same access for another caller, named `actor` in the audit trail: the clinic's own system
   * acting under a choice the clinic made (an online booking it confirms at once), with every
   * rule, hook and event a person's change has.
   */
  actingAs(caller: AuthCaller, actor: Actor): DataAccess {
    return new DataAccess(this.db, caller, this.tenantId, this.hooks, this.clock, { ...this.options, actor, access: null });
  }

  /** Appends an audit event to the open transaction (the change and its event commit together). */
  async audit(trx: Tx, event: AuditEvent): Promise<void> {
    await (this.options.trail ?? recordEvent)(trx, this.tenantId, this.options.actor ?? null, this.options.origin ?? NO_ORIGIN, event);
  }

  /**
   * Runs `fn` in one transaction, given to it with this access bound to it: a workflow applying
   * several actions calls them on that `data`, so the whole workflow commits or fails as one. On a
   * clinic host the transaction switches to the app role and sets the clinic, so PostgreSQL itself
   * hides every other clinic's rows.
   */
  transaction<T>(fn: (trx: Tx, data: DataAccess) => Promise<T>): Promise<T> {
    return this.run((trx) => fn(trx, this.bound ? this : new DataAccess(this.db, null, this.tenantId, this.hooks, this.clock, this.options, { authz: this.authz, trx })));
  }


  private hookContext(trx: Tx, caller: AuthCaller): HookContext {
    return { trx, caller, tenantId: this.tenantId, now: this.clock() };
  }

  /** What the declared write rules see of this write (rules/rule.ts). */
  private writeContext(ctx: HookContext, def: ResourceDef, input: Input, existing: Row | null): WriteContext {
    return { ...ctx, def, input, existing, readableWhere: (target) => scopeWhere(this.scope, target, 'read') };
  }

  async create(def: ResourceDef, input: Input): Promise<Row | Diverted> {
    const caller = this.authorize(def, 'create');
    const hooks = this.hooks[def.name] ?? {};
    const clientRef = clientRefOf(def, input);
    return this.run(async (trx) => {
      const ctx = this.hookContext(trx, caller);
      const write = this.writeContext(ctx, def, input, null);
      // A device's create whose answer was lost, sent again: the record it made, nothing new.
      const before = clientRef ? await madeBefore(write, clientRef) : null;
      if (before) return (await this.sealer.opened(trx, def, [before]))[0];
      await applyRules(INPUT_RULES, write);
      const diverted = await hooks.divert?.(ctx, 'create', input, null);
      if (diverted) return this.diverted(trx, diverted);
      await hooks.beforeCreate?.(ctx, input);
      await applyRules(BEFORE_WRITE_RULES, write);
      const values = await toColumns(def, input);
      await this.sealer.seal(trx, def, values);
      if (def.scope === 'tenant') values.tenant_id = this.tenantId;
      if (clientRef) values.client_ref = clientRef;
      Object.assign(values, def.fixed);
      // A row the create rule filters is made the caller's own (else its maker could not see it).
      const own = def.rowFilter?.create;
      if (own) values[own.column] = callerValue(this.scope, own);
      const names = Object.keys(values);
      const insert = names.length
        ? sql`insert into ${sql.table(def.table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(names.map((n) => values[n]))})`
        : sql`insert into ${sql.table(def.table)} default values`;
      const { rows } = await sql<Row>`${insert} returning ${columns(def)}`.execute(trx);
      const [record] = await this.sealer.opened(trx, def, rows);
      await hooks.afterCreate?.(ctx, record, input);
      await applyRules(AFTER_INSERT_RULES, write);
      await this.audit(trx, { action: 'create', resource: def.name, recordId: record.id, patientId: patientIdOf(def, record), fields: Object.keys(input).filter((k) => input[k] !== null && input[k] !== undefined) });
      return record;
    });
  }

  /** `expected`: the version the caller last saw (If-Match); a newer record throws StaleRecord unless nothing it asks would change. */
  async update(def: ResourceDef, id: number, input: Input, expected?: number): Promise<Row | Diverted> {
    const caller = this.authorize(def, 'update');
    const hooks = this.hooks[def.name] ?? {};
    return this.run(async (trx) => {
      const existing = await fetchOne(trx, this.scope, def, 'update', id, expected, true);
      const unchanged = () => !Object.keys(input).some((name) => changesStored(def.fields[name], existing[name], input[name]));
      if (isStale(existing, expected)) {
        // Made on an older version but asking only for what the record holds now (a double-click's
        // second save, sent or replayed from a device's outbox; the same change made in two tabs):
        // nothing it asks is lost, so it is answered with the record, not a conflict.
        if (unchanged()) return existing;
        throw new StaleRecord(existing);
      }
      const ctx = this.hookContext(trx, caller);
      const write = this.writeContext(ctx, def, input, existing);
      await applyRules(INPUT_RULES, write);
      const diverted = await hooks.divert?.(ctx, 'update', input, existing);
      if (diverted) return this.diverted(trx, diverted);
      // A save that changes nothing (an untouched form, a phone typed in another form of the same
      // number) keeps the record's version: another tab editing it must not meet a conflict
      // with no change in it, and the trail records no change.
      if (unchanged()) return existing;
      await hooks.beforeUpdate?.(ctx, input, existing);
      await applyRules(BEFORE_WRITE_RULES, write);
      const values = await toColumns(def, input);
      await this.sealer.seal(trx, def, values);
      const sets = [...Object.entries(values).map(([n, v]) => sql`${sql.ref(n)} = ${v}`), sql`updated_at = ${ctx.now}`];
      const where = [...scopeWhere(this.scope, def, 'update'), sql`id = ${id}`];
      const { rows } = await sql<Row>`update ${sql.table(def.table)} set ${sql.join(sets)} where ${sql.join(where, sql` and `)} returning ${columns(def)}`.execute(trx);
      const [record] = await this.sealer.opened(trx, def, rows);
      await releaseDroppedFiles(trx, this.tenantId, def, existing, record);
      await hooks.afterUpdate?.(ctx, record, input, existing);
      // Fields the API never returns (a password) count as changed when they were sent.
      const hidden = Object.keys(input).filter((k) => def.fields[k]?.writeOnly);
      await this.audit(trx, { action: hooks.auditAction?.(input, existing) ?? 'update', resource: def.name, recordId: id, patientId: patientIdOf(def, record), fields: [...changedFields(existing, record), ...hidden] });
      return record;
    });
  }

  /** A change a hook answered otherwise (a request): its own event, if it names one. */
  private async diverted(trx: Tx, diverted: Diverted): Promise<Diverted> {
    if (diverted.event) await this.audit(trx, diverted.event);
    return diverted;
  }

  /**
   * DELETE under the resource's delete policy: a record others still use is refused (409) or
   * archived; otherwise it is removed. `expected` as for update.
   */
  async remove(def: ResourceDef, id: number, expected?: number): Promise<Diverted | Removal> {
    const caller = this.authorize(def, 'delete');
    const hooks = this.hooks[def.name] ?? {};
    return this.run(async (trx) => {
      const existing = await fetchOne(trx, this.scope, def, 'delete', id, expected);
      const ctx = this.hookContext(trx, caller);
      const diverted = await hooks.divert?.(ctx, 'delete', {}, existing);
      if (diverted) return this.diverted(trx, diverted);
      const where = [...scopeWhere(this.scope, def, 'delete'), sql`id = ${id}`];
      if (def.deletePolicy !== 'cascade') {
        const holders = await holdersOf(trx, def, this.tenantId, id);
        if (holders.length && !isArchivable(def)) throw new StillReferenced(holders);
        if (holders.length) {
          const { rows } = await sql<Row>`update ${sql.table(def.table)} set archived_at = coalesce(archived_at, ${ctx.now}), updated_at = ${ctx.now}
            where ${sql.join(where, sql` and `)} returning ${columns(def)}`.execute(trx);
          await this.audit(trx, { action: 'archive', resource: def.name, recordId: id, patientId: patientIdOf(def, existing) });
          if (existing.archived_at === null) await this.cancelUpcoming(ctx, def, id, false);
          return { kind: 'archived', record: (await this.sealer.opened(trx, def, rows))[0], holders };
        }
      }
      await hooks.beforeDelete?.(ctx, existing);
      await sql`delete from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
      await releaseDroppedFiles(trx, this.tenantId, def, existing, null);
      await this.audit(trx, { action: 'delete', resource: def.name, recordId: id, patientId: patientIdOf(def, existing) });
      return { kind: 'deleted' };
    });
  }

  /** What archiving the record would cancel (see ResourceDef.cancelsOnArchive): how many, by resource. */
  async archiveEffects(def: ResourceDef, id: number): Promise<Record<string, number>> {
    const caller = this.authorize(def, 'delete');
    return this.run(async (trx) => {
      const existing = await fetchOne(trx, this.scope, def, 'delete', id);
      if (!def.cancelsOnArchive || existing.archived_at !== null) return {};
      return { [def.cancelsOnArchive.resource]: (await this.cancelUpcoming(this.hookContext(trx, caller), def, id, true)).length };
    });
  }

  /** The records still to come that archiving this one cancels (rules/cancel-on-archive.ts), unless `dryRun`. */
  private cancelUpcoming(ctx: HookContext, def: ResourceDef, id: number, dryRun: boolean): Promise<number[]> {
    return cancelUpcoming(ctx, this.hooks, def, id, dryRun, (event) => this.audit(ctx.trx, event));
  }

  /** Brings an archived record back into lists and pickers (whoever may delete it may restore it). */
  async restore(def: ResourceDef, id: number): Promise<Row> {
    this.authorize(def, 'delete');
    if (!isArchivable(def)) throw notFound();
    return this.run(async (trx) => {
      const existing = await fetchOne(trx, this.scope, def, 'delete', id);
      if (existing.archived_at === null) return existing;
      const where = [...scopeWhere(this.scope, def, 'delete'), sql`id = ${id}`];
      const { rows } = await sql<Row>`update ${sql.table(def.table)} set archived_at = null, updated_at = ${this.clock()}
        where ${sql.join(where, sql` and `)} returning ${columns(def)}`.execute(trx);
      await this.audit(trx, { action: 'restore', resource: def.name, recordId: id, patientId: patientIdOf(def, existing) });
      return (await this.sealer.opened(trx, def, rows))[0];
    });
  }
}
