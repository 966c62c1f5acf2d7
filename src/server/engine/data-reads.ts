// What every request's data access reads, bound to its caller and clinic: the transaction it runs
// in (scope.ts), the access checks (authorization.ts), and the reads of declared resources
// (reads.ts, relation-labels.ts), their sealed fields opened (sealing.ts) and the reading of a
// patient's data noted for the audit trail. DataAccess (data-access.ts) adds the writes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Action, type FieldDef, type ResourceDef, patientColumn, patientIdOf } from '../../shared/resource';
import { type Actor, type AuditEvent, NO_ORIGIN, type Origin, recordEvent } from '../audit/events';
import type { ReadLog } from '../audit/read-log';
import type { FieldCipher } from '../crypto/fields';
import type { Database } from '../db/schema';
import { DEFAULT_LANG, type Lang } from '../i18n';
import { type AuthCaller, type HookRegistry, type Row, type Tx } from './hooks';
import type { ListQuery } from './query';
import { type Currency, DEFAULT_CURRENCY, PLATFORM_CURRENCY, isCurrency } from '../../shared/money';
import { type RelationLabels } from '../../shared/labels';
import { type AccessCheck, type AccessRule, Authorization } from './authorization';
import { type ScopeSettings, confirmAccess, inTransaction } from './scope';
import { type ReadScope, batch, fetchOne, fetchShown, firstPages, page, scopeWhere } from './reads';
import { type LabelReader, RELATION_TITLES, type TitleSource, titlesSql } from './relation-labels';
import { Sealer } from './sealing';

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
  /** How an answer's relation titles are read (relation-labels.ts; bench-comparison.ts swaps it). */
  labels?: TitleSource;
  /** The caller's language, for what a `present` hook renders (a notification's message). */
  lang?: Lang;
}

/**
 * The access whose transaction the current code runs in: calling it unbound there is a mistake
 * (a second transaction waiting on the first's connection). Checked under the tests only: an
 * AsyncLocalStorage in use makes Node 20 run a hook on every promise of the process, about a
 * tenth of a small read's server time.
 */
const insideOf = process.env.NODE_ENV === 'test' ? new AsyncLocalStorage<Authorization>() : null;

export class DataReads {
  protected readonly authz: Authorization;
  /** The transaction this access is bound to (given to a `transaction` callback); null: each call opens its own. */
  protected readonly bound: Tx | null;
  protected readonly sealer: Sealer;

  constructor(
    protected readonly db: Kysely<Database>,
    who: AuthCaller | null,
    readonly tenantId: number | null,
    protected readonly hooks: HookRegistry,
    protected readonly clock: () => Date,
    protected readonly options: DataAccessOptions = {},
    binding?: { authz: Authorization; trx: Tx },
  ) {
    this.authz = binding?.authz ?? new Authorization(who, options.access ?? null);
    this.bound = binding?.trx ?? null;
    this.sealer = new Sealer(options.cipher ?? null, hooks, tenantId, options.lang ?? DEFAULT_LANG);
  }

  get caller(): AuthCaller | null {
    return this.authz.caller;
  }

  /** The bound transaction, or a new one. */
  protected run<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    if (this.bound) return fn(this.bound);
    // A second transaction opened from inside the first would wait on the first (one connection).
    if (insideOf?.getStore() === this.authz) throw new Error('inside a transaction: use the data access its callback was given');
    const scope: ScopeSettings = { tenantId: this.tenantId, multiStatement: this.options.multiStatement, settings: this.options.settings };
    return inTransaction(this.db, scope, this.authz, insideOf ? (trx) => insideOf.run(this.authz, () => fn(trx)) : fn);
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
  protected authorizeRead(def: ResourceDef): void {
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
  protected get scope(): ReadScope {
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
    // Its own transaction (not a workflow's): the page's statement may be the transaction's last.
    const own = !this.bound;
    const { rows, total, labels } = await this.run(async (trx) => {
      const shown = (f: FieldDef) => !!f.list;
      // The page and its relation titles in one statement: one round trip.
      const plan = this.titleSource.plan(this.labelReader, def, shown);
      if (plan) {
        const found = await page(trx, this.scope, def, query, { plan: { key: plan.key, columns: (scope) => plan.columnsIn(scope) }, last: own });
        return { ...found, labels: found.rows.length ? plan.labels(found.extra) : {} };
      }
      const found = await page(trx, this.scope, def, query);
      return { ...found, labels: await this.labelsIn(trx, def, found.rows, shown) };
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
    // Its own transaction: the one statement is its last.
    const own = !this.bound;
    const found = await this.run((trx) => firstPages(trx, this.scope, parts, own));
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

  private get titleSource(): TitleSource {
    return this.options.labels ?? RELATION_TITLES;
  }

  private get labelReader(): LabelReader {
    return { scope: this.scope, canRead: (target) => this.can(target, 'read'), lang: this.options.lang ?? DEFAULT_LANG };
  }

  private async labelsIn(trx: Tx, def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean): Promise<RelationLabels> {
    return this.titleSource.of(trx, this.labelReader, def, rows, shown);
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

  protected patientsOf(def: ResourceDef, rows: Row[]): number[] {
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

  /**
   * A record as its page shows it: with the titles of the records it names (relation labels), in
   * one statement when they can be planned ahead (one round trip, in its own transaction).
   */
  async show(def: ResourceDef, id: number): Promise<{ record: Row; labels: RelationLabels }> {
    this.authorizeRead(def);
    const own = !this.bound;
    const { row, labels } = await this.run(async (trx) => {
      const plan = this.titleSource.plan(this.labelReader, def, () => true);
      if (plan) {
        const shown = await fetchShown(trx, this.scope, def, id, { columns: plan.columns, last: own });
        return { row: shown.row, labels: plan.labels(shown.extra) };
      }
      const found = await fetchOne(trx, this.scope, def, 'read', id);
      return { row: found, labels: await this.labelsIn(trx, def, [found], () => true) };
    });
    if (patientColumn(def)) this.noteRead({ action: 'read', resource: def.name, recordId: id, patientId: patientIdOf(def, row) });
    return { record: row, labels };
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
}
