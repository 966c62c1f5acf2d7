// The data access object every request receives, already bound to its caller and clinic. Handlers
// go through it, so none can forget the access check or the tenant: resource queries always carry
// `tenant_id`, and on top of that the transaction runs as a role under row-level security.
// It orchestrates; the parts live beside it: scope.ts (the transaction), authorization.ts, reads.ts
// and search-sql.ts (the SQL of reading), relation-labels.ts, sealing.ts, and rules/ (the declared
// write rules, applied in their listed order).
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Action, type FieldDef, type ResourceDef, isArchivable, patientColumn, patientIdOf } from '../../shared/resource';
import { type Actor, type AuditEvent, NO_ORIGIN, type Origin, changedFields, recordEvent } from '../audit/events';
import type { ReadLog } from '../audit/read-log';
import type { FieldCipher } from '../crypto/fields';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { DEFAULT_LANG, type Lang } from '../i18n';
import { type AuthCaller, Diverted, type HookContext, type HookRegistry, type Input, type Row, type Tx } from './hooks';
import type { ListQuery } from './query';
import { releaseDroppedFiles } from './released-files';
import { type Currency, DEFAULT_CURRENCY, PLATFORM_CURRENCY, isCurrency } from '../../shared/money';
import { type RelationLabels } from '../../shared/labels';
import { type Holder, holdersOf } from './references';
import { type AccessCheck, type AccessRule, Authorization } from './authorization';
import { type ScopeSettings, confirmAccess, inTransaction } from './scope';
import { type ReadScope, batch, callerValue, columns, fetchOne, firstPages, page, scopeWhere } from './reads';
import { relationLabels, titlesSql } from './relation-labels';
import { Sealer, toColumns } from './sealing';
import { cancelUpcoming } from './rules/cancel-on-archive';
import { clientRefOf, madeBefore } from './rules/offline-ref';
import { AFTER_INSERT_RULES, BEFORE_WRITE_RULES, INPUT_RULES, type WriteContext, applyRules, changesStored } from './rules/index';

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

export interface ListResult {
  data: Row[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
  labels: RelationLabels;
}

export interface DataAccessOptions {
  /** PostgreSQL over the network takes several statements in one message; PGlite does not. */
  multiStatement?: boolean;
  /** The caller as the audit trail names them, and where the request came from. */
  actor?: Actor | null;
  origin?: Origin;
  /** Where reads of a patient's data leave their event; none: a job's reads, or the benchmark's comparison run. */
  readLog?: ReadLog | null;
  /** Where a change's event is written, in its transaction: the audit trail (bench-comparison.ts swaps it). */
  trail?: typeof recordEvent;
  /** Seals and opens the fields declared `encrypted` (none: nothing is declared so). */
  cipher?: FieldCipher | null;
  /** The caller was decided from a kept session: confirm it at the first transaction. */
  access?: AccessCheck | null;
  /** Transaction-local settings every transaction starts with, name -> value (bench-comparison.ts). */
  settings?: Readonly<Record<string, string>>;
  /** How a page's relation titles are read (relation-labels.ts; bench-comparison.ts swaps it). */
  labels?: typeof relationLabels;
  /** The caller's language, for what a `present` hook renders (a notification's message). */
  lang?: Lang;
}

/** The access whose transaction the current code runs in: calling it unbound there is a mistake. */
const insideOf = new AsyncLocalStorage<Authorization>();

export class DataAccess {
  private readonly authz: Authorization;
  /** The transaction this access is bound to (given to a `transaction` callback); null: each call opens its own. */
  private readonly bound: Tx | null;
  private readonly sealer: Sealer;

  constructor(
    private readonly db: Kysely<Database>,
    who: AuthCaller | null,
    readonly tenantId: number | null,
    private readonly hooks: HookRegistry,
    private readonly clock: () => Date,
    private readonly options: DataAccessOptions = {},
    binding?: { authz: Authorization; trx: Tx },
  ) {
    this.authz = binding?.authz ?? new Authorization(who, options.access ?? null);
    this.bound = binding?.trx ?? null;
    this.sealer = new Sealer(options.cipher ?? null, hooks, tenantId, options.lang ?? DEFAULT_LANG);
  }

  get caller(): AuthCaller | null {
    return this.authz.caller;
  }

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

  /** The bound transaction, or a new one. */
  private run<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    if (this.bound) return fn(this.bound);
    // A second transaction opened from inside the first would wait on the first (one connection).
    if (insideOf.getStore() === this.authz) throw new Error('inside a transaction: use the data access its callback was given');
    const scope: ScopeSettings = { tenantId: this.tenantId, multiStatement: this.options.multiStatement, settings: this.options.settings };
    return inTransaction(this.db, scope, this.authz, (trx) => insideOf.run(this.authz, () => fn(trx)));
  }

  /** For a request whose first database contact is not one of these transactions (see scope.ts). */
  confirmAccess(): Promise<void> {
    return confirmAccess(this.db, this.authz);
  }

  /** Whether the caller still rests on a kept session nothing has confirmed yet. */
  get unconfirmed(): boolean {
    return this.authz.pendingEpoch !== null;
  }

  /** The server's clock (tests move it). */
  now(): Date {
    return this.clock();
  }

  can(def: ResourceDef, action: Action): boolean {
    return this.authz.can(def, action);
  }

  authorize(def: ResourceDef, action: Action): AuthCaller {
    return this.authz.authorize(def, action);
  }

  /** Reading: content declared `publicRead` needs no session; anything else the access matrix. */
  private authorizeRead(def: ResourceDef): void {
    if (!def.publicRead) this.authorize(def, 'read');
  }

  /** For custom endpoints: a clinic permission (Main Doctor passes), or one of the central roles. */
  allows(rule: AccessRule): boolean {
    return this.authz.allows(rule);
  }

  require(rule: AccessRule): AuthCaller {
    return this.authz.require(rule);
  }

  /** A route no one may call on this host: 401 without a session, else 403. */
  refuse(): never {
    return this.authz.refuse();
  }

  /** Whose reads these are, as of now (a caller decided again reads as themself). */
  private get scope(): ReadScope {
    return { tenantId: this.tenantId, userId: this.caller?.userId ?? null, sealer: this.sealer };
  }

  /** 404 unless the record is one the caller may `action`: a route's record is found before its body is judged. */
  async assertExists(def: ResourceDef, action: Action, id: number): Promise<void> {
    await this.run((trx) => fetchOne(trx, this.scope, def, action, id));
  }

  /**
   * For a hand-written route acting on many rows of a declared resource at once (mark all read):
   * the action's access check, then the WHERE the engine itself would use (clinic, fixed columns,
   * row filter), so the route cannot reach rows the declaration keeps from the caller.
   */
  rowsWhere(def: ResourceDef, action: Action): RawBuilder<unknown> {
    this.authorize(def, action);
    const where = scopeWhere(this.scope, def, action);
    return where.length ? sql.join(where, sql` and `) : sql`true`;
  }

  async list(def: ResourceDef, query: ListQuery): Promise<ListResult> {
    this.authorizeRead(def);
    // The page and its relation titles in one transaction: two round trips fewer than two.
    const { rows, total, labels } = await this.run(async (trx) => {
      const found = await page(trx, this.scope, def, query);
      return { ...found, labels: await this.labelsIn(trx, def, found.rows, (f) => !!f.list) };
    });
    // A list showing a patient's data: one event naming the patients shown.
    if (rows.length && patientColumn(def)) this.noteRead({ action: 'list', resource: def.name, patientIds: this.patientsOf(def, rows) });
    return {
      data: rows,
      meta: { current_page: query.page, per_page: query.perPage, total, last_page: Math.max(1, Math.ceil(total / query.perPage)) },
      labels,
    };
  }

  /**
   * Several lists' first pages in one statement, without relation titles (a screen that shows
   * none: the safety header): each with its access check and read event as `list` gives them.
   */
  async firstPages(parts: readonly { def: ResourceDef; query: ListQuery }[]): Promise<{ data: Row[]; total: number }[]> {
    for (const { def } of parts) this.authorizeRead(def);
    const found = await this.run((trx) => firstPages(trx, this.scope, parts));
    return found.map(({ rows, total }, i) => {
      const { def } = parts[i];
      if (rows.length && patientColumn(def)) this.noteRead({ action: 'list', resource: def.name, patientIds: this.patientsOf(def, rows) });
      return { data: rows, total };
    });
  }

  /** The titles of the records these rows name (see relation-labels.ts); `shown` picks the fields. */
  relationLabels(def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean = () => true): Promise<RelationLabels> {
    return this.run((trx) => this.labelsIn(trx, def, rows, shown));
  }

  private async labelsIn(trx: Tx, def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean): Promise<RelationLabels> {
    return (this.options.labels ?? relationLabels)(trx, { scope: this.scope, canRead: (target) => this.can(target, 'read'), lang: this.options.lang ?? DEFAULT_LANG }, def, rows, shown);
  }

  /**
   * Every row a list query matches (any page size), for an export: refused past `max` rows, so a
   * clinic narrows its filters rather than waiting on a file nobody can open. One 'export' event.
   */
  async exportRows(def: ResourceDef, query: ListQuery, max: number): Promise<Row[] | { tooMany: number }> {
    this.authorizeRead(def);
    const { rows, total } = await this.run((trx) => page(trx, this.scope, def, { ...query, page: 1, perPage: max }));
    if (total > max) return { tooMany: total };
    this.noteRead({ action: 'export', resource: def.name, patientIds: patientColumn(def) ? this.patientsOf(def, rows) : null });
    return rows;
  }

  /**
   * The records after `afterId` in id order, archived ones too, at most `size`: a clinic's whole
   * copy walks every resource this way. No read event: the copy is audited as one.
   */
  async batch(def: ResourceDef, afterId: number, size: number): Promise<Row[]> {
    this.authorize(def, 'read');
    return this.run((trx) => batch(trx, this.scope, def, afterId, size));
  }

  private patientsOf(def: ResourceDef, rows: Row[]): number[] {
    return [...new Set(rows.map((r) => patientIdOf(def, r)).filter((id): id is number => id !== null))];
  }

  /**
   * The titles of related records by id, when the caller may read them (else none): an export
   * names the patient, not patient 42. `labelField` and its translations (`name_en` -> `name_ckb`).
   */
  async titles(target: ResourceDef, labelField: string, ids: number[], forReaders = false): Promise<Row[]> {
    if (!ids.length || !(forReaders || this.can(target, 'read'))) return [];
    return this.run(async (trx) => {
      const { rows } = await sql<{ titles: Row[] | null }>`select (${titlesSql(this.scope, target, labelField, ids)}) as titles`.execute(trx);
      return rows[0]?.titles ?? [];
    });
  }

  async get(def: ResourceDef, id: number): Promise<Row> {
    this.authorizeRead(def);
    const row = await this.run((trx) => fetchOne(trx, this.scope, def, 'read', id));
    if (patientColumn(def)) this.noteRead({ action: 'read', resource: def.name, recordId: id, patientId: patientIdOf(def, row) });
    return row;
  }

  /** The currency of `def`'s amounts: the clinic's own, or the platform's for its records. */
  async currency(def: ResourceDef): Promise<Currency> {
    if (def.scope === 'central' || this.tenantId === null) return PLATFORM_CURRENCY;
    const { rows } = await this.run((trx) => sql<{ currency: string }>`select currency from tenants where id = ${this.tenantId}`.execute(trx));
    return isCurrency(rows[0]?.currency) ? rows[0].currency : DEFAULT_CURRENCY;
  }

  /** The audit event of reading a patient's data (written in a batch: see audit/read-log.ts). */
  noteRead(event: AuditEvent): void {
    this.options.readLog?.add(this.tenantId, this.options.actor ?? null, this.options.origin ?? NO_ORIGIN, event);
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

  /** `expected`: the version the caller last saw (If-Match); a newer record throws StaleRecord. */
  async update(def: ResourceDef, id: number, input: Input, expected?: number): Promise<Row | Diverted> {
    const caller = this.authorize(def, 'update');
    const hooks = this.hooks[def.name] ?? {};
    return this.run(async (trx) => {
      const existing = await fetchOne(trx, this.scope, def, 'update', id, expected);
      const ctx = this.hookContext(trx, caller);
      const write = this.writeContext(ctx, def, input, existing);
      await applyRules(INPUT_RULES, write);
      const diverted = await hooks.divert?.(ctx, 'update', input, existing);
      if (diverted) return this.diverted(trx, diverted);
      // A save that changes nothing (an untouched form, a phone typed in another form of the same
      // number) keeps the record's version: another tab editing it must not meet a conflict
      // with no change in it, and the trail records no change.
      if (!Object.keys(input).some((name) => changesStored(def.fields[name], existing[name], input[name]))) return existing;
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
