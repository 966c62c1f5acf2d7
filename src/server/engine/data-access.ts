// The data access object every request receives, already bound to its caller and clinic. Handlers
// go through it, so none can forget the access check or the tenant: resource queries always carry
// `tenant_id`, and on top of that the transaction runs as a role under row-level security.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { can, hasPermission } from '../../shared/access';
import { brokenComparisons, comparisonMessage } from '../../shared/checks';
import { type Action, type FieldDef, type ResourceDef, type RowFilter, allFields, isArchivable, isComputed, patientColumn, patientIdOf, readableFields } from '../../shared/resource';
import { type Actor, type AuditEvent, NO_ORIGIN, type Origin, changedFields, recordEvent } from '../audit/events';
import type { ReadLog } from '../audit/read-log';
import type { FieldCipher } from '../crypto/fields';
import { hashPassword } from '../auth/passwords';
import { assertPassword, personalWords } from '../auth/password-policy';
import type { Database } from '../db/schema';
import { ACCESS_EPOCH_MOVED } from '../db/migrations/031_access_epoch';
import { type FieldErrors, forbidden, invalid, notFound, unauthenticated } from '../http/errors';
import { DEFAULT_LANG, type Lang, translator } from '../i18n';
import { type AuthCaller, Diverted, type HookContext, type HookRegistry, type Input, type Row, type Tx } from './hooks';
import { type Filter, type ListQuery, searchedNumber } from './query';
import { resourceByName, resources } from '../../../resources/index';
import { releaseDroppedFiles } from './released-files';
import { phoneSearchText } from '../../shared/phone';
import { foldedPattern, loosePattern } from '../../shared/fold';
import { type Currency, DEFAULT_CURRENCY, PLATFORM_CURRENCY, isCurrency } from '../../shared/money';
import { assignableRoles } from '../../shared/roles';
import { type RelationLabels, isCoded, recordResource, relationText, valueLabel } from '../../shared/labels';
import { type Holder, holdersOf } from './references';
import { checkQuota } from './quota';
import { fillListItems } from './list-items';

const sequenceField = (def: ResourceDef): string | undefined => Object.keys(def.fields).find((n) => def.fields[n].sequence);

/** An If-Match that names a version the record has moved past: the route answers 412 with it. */
export class StaleRecord extends Error {
  constructor(readonly current: Row) {
    super('stale record');
  }
}

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

const OPERATOR: Record<Exclude<Filter['op'], 'in' | 'like' | 'null'>, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface DataAccessOptions {
  /** PostgreSQL over the network takes several statements in one message; PGlite does not. */
  multiStatement?: boolean;
  /** The caller as the audit trail names them, and where the request came from. */
  actor?: Actor | null;
  origin?: Origin;
  /** Where reads of a patient's data leave their event; none: the benchmark's comparison run only
   * (BENCH_WITHOUT_AUDIT), which writes no audit events at all. */
  readLog?: ReadLog | null;
  /** Seals and opens the fields declared `encrypted` (none: nothing is declared so). */
  cipher?: FieldCipher | null;
  /** The caller was decided from a kept session: confirm it at the first transaction. */
  access?: AccessCheck | null;
  /** The benchmark's comparison run only: writes announce no live update. */
  liveOff?: boolean;
  /** False: answers carry no relation titles (the benchmark's comparison run only). */
  relationLabels?: boolean;
  /** The caller's language, for what a `present` hook renders (a notification's message). */
  lang?: Lang;
}

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
 * Whether writing `value` would change what the record holds. Unsure counts as a change (the save
 * goes through as before): a password or other field never answered, a field not stored.
 */
function changesStored(field: FieldDef | undefined, before: unknown, value: unknown): boolean {
  if (!field || field.writeOnly || field.virtual) return true;
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  const [a, b] = [plain(before), plain(value)];
  if (a === b) return false;
  if (typeof a === 'number' || typeof b === 'number') return !(a !== null && b !== null && a !== '' && b !== '' && Number(a) === Number(b));
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** The total of a child resource's field over the row's children (FieldDef.sum), as a subquery. */
function sumSql(def: ResourceDef, sum: { of: string; field: string }): RawBuilder<unknown> {
  const child = resourceByName(sum.of);
  const key = child.within!.field;
  const clinic = def.scope === 'tenant' ? sql` and c.tenant_id = ${sql.ref(`${def.table}.tenant_id`)}` : sql``;
  const live = isArchivable(child) ? sql` and c.archived_at is null` : sql``;
  return sql`(select coalesce(sum(c.${sql.ref(sum.field)}), 0) from ${sql.table(child.table)} c where c.${sql.ref(key)} = ${sql.ref(`${def.table}.id`)}${clinic}${live})`;
}

function epochMoved(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === ACCESS_EPOCH_MOVED;
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

export class DataAccess {
  private current: Tx | undefined;
  private access: AccessCheck | null;
  // The access decisions made so far, replayed if the session turns out to have changed.
  private readonly decisions: { decide: (caller: AuthCaller | null) => boolean; answer: boolean }[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private who: AuthCaller | null,
    readonly tenantId: number | null,
    private readonly hooks: HookRegistry,
    private readonly clock: () => Date,
    private readonly options: DataAccessOptions = {},
  ) {
    this.access = options.access ?? null;
  }

  get caller(): AuthCaller | null {
    return this.who;
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
    // No read log: the benchmark's comparison server, which keeps no trail at all.
    if (!this.options.readLog) return;
    await recordEvent(trx, this.tenantId, this.options.actor ?? null, this.options.origin ?? NO_ORIGIN, event);
  }

  /**
   * Runs `fn` in one transaction. On a clinic host the transaction switches to the app role and
   * sets the clinic, so PostgreSQL itself hides every other clinic's rows.
   */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    // Inside an open transaction (a workflow applying several actions) the same one is used, so
    // the whole workflow commits or fails as one.
    if (this.current) return fn(this.current);
    return this.db.connection().execute(async (conn) => {
      await this.begin(conn);
      this.current = conn;
      try {
        const result = await fn(conn);
        const { rows } = await sql<{ command?: string }>`commit`.execute(conn);
        // COMMIT answers ROLLBACK when an earlier statement's error was caught and ignored.
        if (rows[0]?.command === 'ROLLBACK') throw new Error('transaction aborted by an earlier error');
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      } finally {
        this.current = undefined;
      }
    });
  }

  /**
   * BEGIN, and on a clinic host the role and clinic. Over the network both go in one message (a
   * round trip is most of a small request's cost); the clinic id is a number, never user text.
   */
  private async begin(conn: Tx): Promise<void> {
    const calls: string[] = [];
    if (this.tenantId !== null) {
      if (!Number.isSafeInteger(this.tenantId)) throw new Error('bad clinic id');
      calls.push(`set_config('role', 'clinic_app', true)`, `set_config('app.tenant_id', '${this.tenantId}', true)`);
    }
    // The benchmark's comparison server: its writes announce nothing (migration 039).
    if (this.options.liveOff) calls.push(`set_config('app.live_off', 'on', true)`);
    // A kept session: its epoch is checked in the same message, before any statement of the request.
    const access = this.access;
    if (access) {
      if (!Number.isSafeInteger(access.epoch)) throw new Error('bad access epoch');
      calls.push(`access_epoch_is(${access.epoch})`);
    }
    try {
      if (!calls.length) await sql`begin`.execute(conn);
      else if (this.options.multiStatement) await sql.raw(`begin; select ${calls.join(', ')}`).execute(conn);
      else {
        await sql`begin`.execute(conn);
        await sql.raw(`select ${calls.join(', ')}`).execute(conn);
      }
    } catch (err) {
      if (!access || !epochMoved(err)) throw err;
      await sql`rollback`.execute(conn);
      await this.decideAgain(conn, access);
      return this.begin(conn);
    }
    // Confirmed: later changes are concurrent with this request, as they would be without a copy.
    this.access = null;
  }

  /**
   * For a request whose first database contact is not one of these transactions: confirms the
   * kept session now (one round trip), or decides again. Nothing to do once confirmed.
   */
  async confirmAccess(): Promise<void> {
    const access = this.access;
    if (!access) return;
    await this.db.connection().execute(async (conn) => {
      try {
        if (!Number.isSafeInteger(access.epoch)) throw new Error('bad access epoch');
        await sql.raw(`select access_epoch_is(${access.epoch})`).execute(conn);
        this.access = null;
      } catch (err) {
        if (!epochMoved(err)) throw err;
        await this.decideAgain(conn, access);
      }
    });
  }

  /** Whether the caller still rests on a kept session nothing has confirmed yet. */
  get unconfirmed(): boolean {
    return this.access !== null;
  }

  /**
   * An access changed since the kept session was read: look it up again (on this connection: a
   * second one from the pool could wait forever under load) and decide again. A refusal throws as
   * a fresh lookup's would; a caller who is someone else now, or whom an access decision already
   * made would now go the other way, is refused (403); otherwise the request goes on as them.
   */
  private async decideAgain(conn: Tx, access: AccessCheck): Promise<void> {
    this.access = null;
    const fresh = await access.recheck(conn);
    const before = this.who;
    const someoneElse = before && fresh && (before.scope !== fresh.scope || before.role !== fresh.role || before.userId !== fresh.userId);
    if (someoneElse || this.decisions.some((d) => d.decide(fresh) !== d.answer)) throw forbidden();
    this.who = fresh;
  }

  /** The server's clock (tests move it). */
  now(): Date {
    return this.clock();
  }

  can(def: ResourceDef, action: Action): boolean {
    const decide = (caller: AuthCaller | null) => can(caller, def, action);
    return this.decided(decide);
  }

  private decided(decide: (caller: AuthCaller | null) => boolean): boolean {
    const answer = decide(this.who);
    if (this.access) this.decisions.push({ decide, answer });
    return answer;
  }

  authorize(def: ResourceDef, action: Action): AuthCaller {
    if (!this.caller) throw unauthenticated();
    if (!this.can(def, action)) throw forbidden();
    return this.caller;
  }

  /** Reading: content declared `publicRead` needs no session; anything else the access matrix. */
  private authorizeRead(def: ResourceDef): void {
    if (!def.publicRead) this.authorize(def, 'read');
  }

  /** For custom endpoints: a clinic permission (Main Doctor passes), or one of the central roles. */
  allows(rule: AccessRule): boolean {
    return this.decided((caller) => {
      if (!caller) return false;
      if ('roles' in rule) return caller.scope === 'central' && rule.roles.includes(caller.role);
      if ('clinicRoles' in rule) return caller.scope === 'tenant' && !(rule.notSupport && caller.support) && rule.clinicRoles.includes(caller.role);
      if ('resource' in rule) return can(caller, rule.resource, rule.action);
      return hasPermission(caller, rule.permission, rule.action);
    });
  }

  /** A route no one may call on this host: 401 without a session, else 403. */
  refuse(): never {
    if (!this.caller) throw unauthenticated();
    throw forbidden();
  }

  /** 404 unless the record is one the caller may `action`: a route's record is found before its body is judged. */
  async assertExists(def: ResourceDef, action: Action, id: number): Promise<void> {
    await this.transaction((trx) => this.fetch(trx, def, action, id));
  }

  require(rule: AccessRule): AuthCaller {
    if (!this.caller) throw unauthenticated();
    if (!this.allows(rule)) throw forbidden();
    return this.caller;
  }

  /**
   * What every query of `action` on the resource is limited to: the clinic, the fixed columns, and
   * the action's row filter (ResourceDef.rowFilter). Built here, the one place every list, show,
   * update and delete gets its WHERE from, so a row outside the filter is simply not found (404).
   */
  private scopeWhere(def: ResourceDef, action: Action): RawBuilder<unknown>[] {
    const where = def.scope === 'tenant' ? [sql`tenant_id = ${this.tenantId}`] : [];
    for (const [column, value] of Object.entries(def.fixed ?? {})) where.push(sql`${sql.ref(column)} = ${value}`);
    const filter = def.rowFilter?.[action];
    if (filter) {
      const value = this.callerValue(filter);
      // No caller to compare with (a job, a restore): no row is anyone's own.
      where.push(value === null ? sql`false` : sql`${sql.ref(filter.column)} = ${value}`);
    }
    return where;
  }

  private callerValue(filter: RowFilter): number | null {
    switch (filter.equals) {
      case 'caller.user_id':
        return this.who?.userId ?? null;
    }
  }

  /**
   * For a hand-written route acting on many rows of a declared resource at once (mark all read):
   * the action's access check, then the WHERE the engine itself would use (clinic, fixed columns,
   * row filter), so the route cannot reach rows the declaration keeps from the caller.
   */
  rowsWhere(def: ResourceDef, action: Action): RawBuilder<unknown> {
    this.authorize(def, action);
    const where = this.scopeWhere(def, action);
    return where.length ? sql.join(where, sql` and `) : sql`true`;
  }

  private columns(def: ResourceDef): RawBuilder<unknown> {
    // Computed fields have no column: the present hook fills them; a sum is selected with the row.
    const fields = allFields(def);
    return sql.join(
      readableFields(def)
        .filter((f) => !fields[f].computed)
        .map((f) => (fields[f].sum ? sql`${sumSql(def, fields[f].sum!)} as ${sql.ref(f)}` : sql.ref(f))),
    );
  }

  async list(def: ResourceDef, query: ListQuery): Promise<ListResult> {
    this.authorizeRead(def);
    // The page and its relation titles in one transaction: two round trips fewer than two.
    const { rows, total, labels } = await this.transaction(async () => {
      const page = await this.page(def, query);
      return { ...page, labels: await this.relationLabels(def, page.rows, (f) => !!f.list) };
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
   * The titles of the records these rows name, by relation field and id, in the caller's language:
   * a list or detail page shows names without one request per relation column. `shown` picks the
   * fields (a list's columns); a target the caller may not read, or of the other application, is
   * left out (the screen shows the id, as it hides such columns). One statement for every field.
   */
  async relationLabels(def: ResourceDef, rows: Row[], shown: (field: FieldDef) => boolean = () => true): Promise<RelationLabels> {
    const labels: RelationLabels = {};
    const lang = this.options.lang ?? DEFAULT_LANG;
    if (!rows.length || this.options.relationLabels === false) return labels;
    const idsOf = (name: string, of: Row[]) => [...new Set(of.map((r) => Number(r[name])).filter((v) => Number.isSafeInteger(v) && v > 0))];
    const wanted = Object.entries(def.fields).flatMap(([name, field]) => {
      if (field.recordOf && shown(field)) return this.recordTitles(def, name, field, rows);
      if (!field.relation || field.writeOnly || !shown(field)) return [];
      const target = resourceByName(field.relation.resource);
      const ids = idsOf(name, rows);
      if (target.scope !== def.scope || !ids.length || !(field.relation.titleForReaders || this.can(target, 'read'))) return [];
      return [{ name, target, prefix: '', labelField: field.relation.labelField, titles: this.titlesSql(target, field.relation.labelField, ids) }];
    });
    if (!wanted.length) return labels;
    const found = await this.transaction(async (trx) => {
      const { rows: [one] } = await sql<Record<string, Row[] | null>>`select ${sql.join(wanted.map((w, i) => sql`(${w.titles}) as ${sql.ref(`f${i}`)}`))}`.execute(trx);
      return one;
    });
    const t = translator(lang);
    wanted.forEach((w, i) => {
      const titles = found[`f${i}`] ?? [];
      // A title that is itself a code (a request's kind) reads as its label.
      const title = (r: Row) => (w.prefix && isCoded(w.target.fields[w.labelField]) ? valueLabel(t, w.target.fields[w.labelField], r[w.labelField], r) : relationText(r, w.labelField, lang));
      if (titles.length) labels[w.name] = { ...labels[w.name], ...Object.fromEntries(titles.map((r) => [`${w.prefix}${String(r.id)}`, title(r)])) };
    });
    return labels;
  }

  /**
   * The titles a `recordOf` field's ids need (an audit event's record), one query per resource the
   * rows name: of this application, readable by the caller, titled by a column it can show.
   */
  private recordTitles(def: ResourceDef, name: string, field: FieldDef, rows: Row[]) {
    const byResource = new Map<string, Row[]>();
    for (const row of rows) {
      const resource = recordResource(field, row);
      if (resource) byResource.set(resource, [...(byResource.get(resource) ?? []), row]);
    }
    return [...byResource].flatMap(([resource, of]) => {
      const target = resources.find((r) => r.name === resource);
      const titleField = target ? allFields(target)[target.titleField] : undefined;
      if (!target || !titleField || target.scope !== def.scope || titleField.encrypted || isComputed(titleField) || !this.can(target, 'read')) return [];
      const ids = [...new Set(of.map((r) => Number(r[name])).filter((v) => Number.isSafeInteger(v) && v > 0))];
      if (!ids.length) return [];
      return [{ name, target, prefix: `${resource}:`, labelField: target.titleField, titles: this.titlesSql(target, target.titleField, ids) }];
    });
  }

  /**
   * Every row a list query matches (any page size), for an export: refused past `max` rows, so a
   * clinic narrows its filters rather than waiting on a file nobody can open. One 'export' event.
   */
  async exportRows(def: ResourceDef, query: ListQuery, max: number): Promise<Row[] | { tooMany: number }> {
    this.authorizeRead(def);
    const { rows, total } = await this.page(def, { ...query, page: 1, perPage: max });
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
    const where = [...this.scopeWhere(def, 'read'), sql`id > ${afterId}`];
    return this.transaction(async (trx) => {
      const { rows } = await sql<Row>`select ${this.columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)} order by id limit ${size}`.execute(trx);
      return this.opened(trx, def, rows);
    });
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
    return this.transaction(async (trx) => {
      const { rows } = await sql<{ titles: Row[] | null }>`select (${this.titlesSql(target, labelField, ids)}) as titles`.execute(trx);
      return rows[0]?.titles ?? [];
    });
  }

  /** A subquery answering the titles as one JSON array of {id, label field, its translations}. */
  private titlesSql(target: ResourceDef, labelField: string, ids: number[]): RawBuilder<unknown> {
    const localized = labelField.endsWith('_en') ? ['ar', 'ckb'].map((l) => `${labelField.slice(0, -3)}_${l}`).filter((f) => f in target.fields) : [];
    const where = [...this.scopeWhere(target, 'read'), sql`id in (${sql.join(ids)})`];
    const pairs = ['id', labelField, ...localized].map((f) => sql`${sql.lit(f)}, ${sql.ref(f)}`);
    return sql`select json_agg(json_build_object(${sql.join(pairs)})) from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`;
  }

  /** One page of a list query and the total it matches, without the audit event. */
  private async page(def: ResourceDef, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
    const where = this.scopeWhere(def, 'read');
    for (const f of query.filters) where.push(def.fields[f.field]?.lookup ? await this.lookupSql(def, f.field, String(f.value)) : this.filterSql(f));
    // Archived records leave default lists and pickers; a lookup by id (relation labels in
    // history) still finds them, and filter[archived]=true lists only them.
    if (isArchivable(def)) {
      const byId = query.filters.some((f) => f.field === 'id');
      if (query.archived !== undefined) where.push(query.archived ? sql`archived_at is not null` : sql`archived_at is null`);
      else if (!byId) where.push(sql`archived_at is null`);
    }
    // A resource with a search function reads its matches from it instead of the table.
    // The search box also finds a sealed lookup field's exact value (a national ID typed whole).
    const lookups = Object.keys(def.fields).filter((n) => def.fields[n].lookup);
    const searchFn = query.q && def.searchFunction ? await this.searchFunctionSql(def, query.q, lookups[0]) : null;
    if (query.q && !searchFn) {
      const exact = [...(await Promise.all(lookups.map((n) => this.lookupSql(def, n, query.q!)))), ...this.numberSql(def, query.q)];
      where.push(exact.length ? sql`(${this.searchSql(def, query.q)} or ${sql.join(exact, sql` or `)})` : this.searchSql(def, query.q));
    }
    const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    // Ties broken by id so paging is stable.
    const order = [...(searchFn ? this.searchRank(def, query.q!) : []), ...query.sort.map((s) => sql`${sql.ref(s.field)} ${sql.raw(s.desc ? 'desc nulls last' : 'asc nulls last')}`), sql`id desc`];
    const table = searchFn ? sql`${searchFn} as ${sql.table(def.table)}` : sql.table(def.table);
    return this.transaction(async (trx) => {
      // The page and the total in one round trip; a page past the end needs its own count.
      const { rows } = await sql<Row & { __total: number }>`select ${this.columns(def)}, count(*) over ()::int as __total from ${table} ${whereSql}
        order by ${sql.join(order)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(trx);
      // An empty first page needs no count: nothing matches.
      let total = rows[0]?.__total ?? (query.page === 1 ? 0 : undefined);
      if (total === undefined) {
        const count = await sql<{ total: number }>`select count(*)::int as total from ${table} ${whereSql}`.execute(trx);
        total = count.rows[0]?.total ?? 0;
      }
      return { rows: await this.opened(trx, def, rows.map(({ __total: _, ...row }) => row as Row)), total };
    });
  }

  /** Rows with their encrypted fields opened, as the resource's `present` hook shows them. */
  private async opened(trx: Tx, def: ResourceDef, rows: Row[]): Promise<Row[]> {
    const open = this.options.cipher ? await this.options.cipher.openRows(trx, def, this.tenantId, rows) : rows;
    const present = this.hooks[def.name]?.present;
    const lang = this.options.lang ?? DEFAULT_LANG;
    return present ? open.map((row) => present(row, { lang })) : open;
  }

  /** Column values with their encrypted fields sealed (in place). */
  private async seal(trx: Tx, def: ResourceDef, values: Record<string, unknown>): Promise<void> {
    await this.options.cipher?.sealValues(trx, def, this.tenantId, values);
  }

  /** A lookup field equal to `value`: its keyed hash matches (see FieldDef.lookup). */
  private async lookupSql(def: ResourceDef, field: string, value: string): Promise<RawBuilder<unknown>> {
    const hash = await this.lookupHash(field, value);
    return hash === null ? sql`false` : sql`${sql.ref(`${field}_lookup`)} = ${hash}`;
  }

  private async lookupHash(field: string, value: string): Promise<string | null> {
    if (!this.options.cipher || this.tenantId === null) return null;
    return this.options.cipher.lookupHash(this.current ?? this.db, this.tenantId, field, value);
  }

  /** q= through the resource's search function (see ResourceDef.searchFunction). */
  private async searchFunctionSql(def: ResourceDef, q: string, lookup: string | undefined): Promise<RawBuilder<unknown>> {
    // A phone number, however typed (0771 188 1259, ٠٧٧١…), matches the E.164 stored: see phoneSearchText.
    const phone = phoneSearchText(q);
    const fn = sql.id(def.searchFunction!);
    // Its arguments: the folded and the loose pattern of a name (shared/fold.ts), then the lookup
    // field's hash and the sequence's number where declared.
    const args: RawBuilder<unknown>[] = phone ? [sql`${`%${escapeLike(phone)}%`}`, sql`${null}::text`] : [sql`${foldedPattern(q)}`, sql`${loosePattern(q)}::text`];
    if (lookup) args.push(sql`${await this.lookupHash(lookup, q)}::text`);
    if (sequenceField(def)) args.push(sql`${searchedNumber(q)}::bigint`);
    return sql`${fn}(${sql.join(args)})`;
  }

  /**
   * Through a search function the best matches come first: the record whose number was typed whole,
   * then names matching by their folded key, then those matching only loosely (see searchFunction).
   */
  private searchRank(def: ResourceDef, q: string): RawBuilder<unknown>[] {
    const rank = this.numberSql(def, q).map((same) => sql`(${same}) desc`);
    if (!phoneSearchText(q)) rank.push(sql`(search_text ilike ${foldedPattern(q)}) desc`);
    return rank;
  }

  /** A `sequence` field equal to the number the search box names whole (a file number). */
  private numberSql(def: ResourceDef, q: string): RawBuilder<unknown>[] {
    const field = sequenceField(def);
    const number = searchedNumber(q);
    return field && number !== null ? [sql`${sql.ref(field)} = ${number}`] : [];
  }

  /** q=: contains, case-insensitive, on each searchable field. */
  private searchSql(def: ResourceDef, q: string): RawBuilder<unknown> {
    const searchable = Object.entries(allFields(def)).filter(([, f]) => f.searchable).map(([n]) => n);
    if (!searchable.length) return sql`true`;
    const pattern = `%${escapeLike(q)}%`;
    // Phone fields hold E.164: a phone typed in any local form is looked for in that form.
    const phone = phoneSearchText(q);
    const fields = allFields(def);
    // Text is matched by its folded key (shared/fold.ts), so a name is found however its letters were typed.
    const folded = foldedPattern(q);
    const match = (n: string) =>
      fields[n].type === 'phone' && phone
        ? sql`${sql.ref(n)} like ${`%${escapeLike(phone)}%`}`
        : sql`(${sql.ref(n)} ilike ${pattern} or fold_text(${sql.ref(n)}) ilike ${folded})`;
    return sql`(${sql.join(searchable.map(match), sql` or `)})`;
  }

  private filterSql(f: Filter): RawBuilder<unknown> {
    const ref = sql.ref(f.field);
    switch (f.op) {
      case 'in':
        return sql`${ref} in (${sql.join(f.value as unknown[])})`;
      case 'like':
        return sql`${ref} ilike ${`%${escapeLike(String(f.value))}%`}`;
      case 'null':
        return f.value ? sql`${ref} is null` : sql`${ref} is not null`;
      default:
        return sql`${ref} ${sql.raw(OPERATOR[f.op])} ${f.value}`;
    }
  }

  /**
   * One record of the caller's clinic, or 404. With `expected` (an If-Match), the row is locked
   * until the transaction ends and must still be at that version, or StaleRecord is thrown.
   */
  private async fetch(trx: Tx, def: ResourceDef, action: Action, id: number, expected?: number): Promise<Row> {
    const where = [...this.scopeWhere(def, action), sql`id = ${id}`];
    const lock = expected === undefined ? sql`` : sql` for update`;
    const { rows } = await sql<Row>`select ${this.columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}${lock}`.execute(trx);
    if (!rows[0]) throw notFound();
    const [row] = await this.opened(trx, def, rows);
    if (expected !== undefined && Number(row.version) !== expected) throw new StaleRecord(row);
    return row;
  }

  async get(def: ResourceDef, id: number): Promise<Row> {
    this.authorizeRead(def);
    const row = await this.transaction((trx) => this.fetch(trx, def, 'read', id));
    if (patientColumn(def)) this.noteRead({ action: 'read', resource: def.name, recordId: id, patientId: patientIdOf(def, row) });
    return row;
  }

  /** The currency of `def`'s amounts: the clinic's own, or the platform's for its records. */
  async currency(def: ResourceDef): Promise<Currency> {
    if (def.scope === 'central' || this.tenantId === null) return PLATFORM_CURRENCY;
    const { rows } = await this.transaction((trx) => sql<{ currency: string }>`select currency from tenants where id = ${this.tenantId}`.execute(trx));
    return isCurrency(rows[0]?.currency) ? rows[0].currency : DEFAULT_CURRENCY;
  }

  /** The audit event of reading a patient's data (written in a batch: see audit/read-log.ts). */
  noteRead(event: AuditEvent): void {
    this.options.readLog?.add(this.tenantId, this.options.actor ?? null, this.options.origin ?? NO_ORIGIN, event);
  }

  /**
   * Declared input -> column values: virtual fields left out, passwords hashed. Read-only fields
   * pass here only when a server hook set them: client bodies cannot carry them (validation).
   */
  private async toColumns(def: ResourceDef, input: Input): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input)) {
      const field = def.fields[name];
      if (!field || field.virtual) continue;
      if (field.type === 'password') out[`${name}_hash`] = await hashPassword(String(value));
      else if (field.type === 'list') out[name] = JSON.stringify(value ?? []);
      else if (field.type === 'json') out[name] = JSON.stringify(value ?? {});
      else out[name] = value;
    }
    return out;
  }

  /** File fields must name an upload of this application (and clinic), of the declared kind. */
  private async checkFiles(trx: Tx, def: ResourceDef, input: Input): Promise<void> {
    // Every file id in the input, top-level or inside list items, with where it was.
    const refs: { path: string; field: FieldDef; id: number }[] = [];
    for (const [name, field] of Object.entries(def.fields)) {
      const value = input[name];
      if (field.type === 'file' && value !== undefined && value !== null) refs.push({ path: name, field, id: Number(value) });
      if (field.type === 'list' && Array.isArray(value)) {
        value.forEach((item: Input, i) => {
          for (const [key, sub] of Object.entries(field.items ?? {})) {
            if (sub.type === 'file' && item[key] !== undefined && item[key] !== null) refs.push({ path: `${name}.${i}.${key}`, field: sub, id: Number(item[key]) });
          }
        });
      }
    }
    const errors: FieldErrors = {};
    for (const { path, field, id } of refs) {
      const row = await trx
        .selectFrom('uploads')
        .select(['mime', 'is_public'])
        .where('id', '=', id)
        .where('scope', '=', def.scope)
        .where('tenant_id', this.tenantId === null ? 'is' : '=', this.tenantId)
        .executeTakeFirst();
      if (!row || (field.accept === 'image' && !row.mime.startsWith('image/')) || (field.publicFile && !row.is_public)) errors[path] = [{ key: 'validation.relation' }];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /**
   * Fields declared `fill` take the chosen record's value when the relation is set and they are
   * left out (a booking's amount from its service's price), on a change only when the choice
   * changes. A target the clinic does not have
   * fills nothing: its foreign key then refuses it on the relation's field.
   */
  private async fillFromRelations(trx: Tx, def: ResourceDef, input: Input, existing: Row | null): Promise<void> {
    for (const [name, field] of Object.entries(def.fields)) {
      const from = field.fill?.from;
      if (!from || input[name] !== undefined || input[from] === undefined || input[from] === null) continue;
      // A change that keeps the same choice keeps the value (a discount given earlier).
      if (existing && Number(existing[from]) === Number(input[from])) continue;
      const target = resourceByName(def.fields[from].relation!.resource);
      const where = [...this.scopeWhere(target, 'read'), sql`id = ${input[from]}`];
      const { rows } = await sql<Row>`select ${sql.ref(field.fill!.field)} as value from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
      if (rows.length) input[name] = rows[0].value === null ? null : Number(rows[0].value);
    }
  }

  /** Relations declared with `only` must point at a target with those values (the foreign key checks the rest). */
  private async checkRelationTargets(trx: Tx, def: ResourceDef, input: Input): Promise<void> {
    const errors: FieldErrors = {};
    for (const [name, field] of Object.entries(def.fields)) {
      const only = field.relation?.only;
      if (!only || input[name] === undefined || input[name] === null) continue;
      const target = resourceByName(field.relation!.resource);
      const where = [sql`id = ${Number(input[name])}`, ...this.scopeWhere(target, 'read'), ...Object.entries(only).map(([col, values]) => sql`${sql.ref(col)} in (${sql.join(values)})`)];
      const { rows } = await sql`select 1 from ${sql.table(target.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
      if (!rows.length) errors[name] = [{ key: 'validation.relation' }];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /**
   * Dates declared `notFuture` may be at most one day past the server's today (time zones differ);
   * times declared `withinHours` must lie ahead, within that many hours.
   */
  private checkDates(def: ResourceDef, input: Input): void {
    const latest = new Date(this.clock().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
    const errors: FieldErrors = {};
    for (const [name, field] of Object.entries(def.fields)) {
      const value = input[name];
      if (field.notFuture && typeof value === 'string' && value.slice(0, 10) > latest) errors[name] = [{ key: 'validation.notFuture' }];
      if (field.withinHours !== undefined && typeof value === 'string') {
        const at = Date.parse(value);
        const now = this.clock().getTime();
        if (!(at > now && at <= now + field.withinHours * 3600_000)) errors[name] = [{ key: 'validation.withinHours', vars: { hours: field.withinHours } }];
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /**
   * The declaration's comparisons between fields, on the record as it will be: what was sent over
   * what is stored (an update) or the declared defaults (a create). The database's CHECK holds
   * the same rule; this answers first, on the field, naming the other one.
   */
  private checkComparisons(def: ResourceDef, input: Input, existing: Row | null): void {
    if (!def.checks?.length) return;
    const defaults = Object.fromEntries(Object.entries(def.fields).filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default]));
    const record = { ...(existing ?? defaults), ...input };
    const errors: FieldErrors = {};
    for (const check of brokenComparisons(def, record)) {
      const { key, other } = comparisonMessage(def, check);
      (errors[check.field] ??= []).push({ key, vars: { other }, labels: { resource: def.name, vars: ['other'] } });
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /**
   * A field declared `assignable` (a staff member's role) takes only the values this caller may
   * give (shared/roles.ts assignableRoles, the list the form offers): on a create, and on an
   * update that changes it.
   */
  /** Fields declared `final` keep the value they were created with (FieldDef.final). */
  private checkFinal(def: ResourceDef, input: Input, existing: Row): void {
    const changed = Object.entries(def.fields).filter(([name, field]) => field.final && name in input && changesStored(field, existing[name], input[name]));
    if (changed.length) throw invalid(Object.fromEntries(changed.map(([name]) => [name, [{ key: 'validation.final' }]])));
  }

  private checkAssignable(def: ResourceDef, caller: AuthCaller, input: Input, existing: Row | null): void {
    for (const [name, field] of Object.entries(def.fields)) {
      if (!field.assignable || input[name] === undefined || (existing && Number(existing[name]) === Number(input[name]))) continue;
      if (!assignableRoles(caller).includes(Number(input[name]))) throw invalid({ [name]: [{ key: 'errors.roleNotAssignable' }] });
    }
  }

  /** A new password must not be common, nor built on the account's or its clinic's names. */
  private async checkPasswords(trx: Tx, def: ResourceDef, input: Input, existing: Row | null): Promise<void> {
    for (const [name, field] of Object.entries(def.fields)) {
      const value = input[name];
      if (field.type !== 'password' || typeof value !== 'string') continue;
      const own = (key: string) => input[key] ?? existing?.[key];
      const personal = [...(await personalWords(trx, this.tenantId, { username: own('username'), name: own('name') })), own('subdomain')];
      assertPassword(value, personal.filter((w): w is string => typeof w === 'string'), name);
    }
  }

  private hookContext(trx: Tx, caller: AuthCaller): HookContext {
    return { trx, caller, tenantId: this.tenantId, now: this.clock() };
  }

  /**
   * The record the clinic already holds under a device's reference (ResourceDef.offline), or null.
   * Creates bringing the same reference wait for each other (a transaction-long lock on it), so
   * the second finds what the first made.
   */
  private async madeBefore(trx: Tx, def: ResourceDef, clientRef: string): Promise<Row | null> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${def.table}:${clientRef.toLowerCase()}`}, ${this.tenantId ?? 0}))`.execute(trx);
    const where = [...this.scopeWhere(def, 'read'), sql`client_ref = ${clientRef.toLowerCase()}`];
    const { rows } = await sql<Row>`select ${this.columns(def)} from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
    return rows.length ? (await this.opened(trx, def, rows))[0] : null;
  }

  async create(def: ResourceDef, input: Input): Promise<Row | Diverted> {
    const caller = this.authorize(def, 'create');
    const hooks = this.hooks[def.name] ?? {};
    const clientRef = def.offline && typeof input.client_ref === 'string' ? input.client_ref : null;
    return this.transaction(async (trx) => {
      // A device's create whose answer was lost, sent again: the record it made, nothing new.
      const existing = clientRef ? await this.madeBefore(trx, def, clientRef) : null;
      if (existing) return existing;
      const ctx = this.hookContext(trx, caller);
      // Files are checked before a change becomes a request, so a request never carries bad ones.
      await this.checkFiles(trx, def, input);
      this.checkDates(def, input);
      await this.fillFromRelations(trx, def, input, null);
      this.checkComparisons(def, input, null);
      await this.checkRelationTargets(trx, def, input);
      await fillListItems(trx, def, this.tenantId, input);
      await this.checkPasswords(trx, def, input, null);
      const diverted = await hooks.divert?.(ctx, 'create', input, null);
      if (diverted) return this.diverted(trx, diverted);
      await hooks.beforeCreate?.(ctx, input);
      this.checkAssignable(def, caller, input, null);
      const values = await this.toColumns(def, input);
      await this.seal(trx, def, values);
      if (def.scope === 'tenant') values.tenant_id = this.tenantId;
      if (clientRef) values.client_ref = clientRef.toLowerCase();
      Object.assign(values, def.fixed);
      // A row the create rule filters is made the caller's own (else its maker could not see it).
      const own = def.rowFilter?.create;
      if (own) values[own.column] = this.callerValue(own);
      const names = Object.keys(values);
      const insert = names.length
        ? sql`insert into ${sql.table(def.table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(names.map((n) => values[n]))})`
        : sql`insert into ${sql.table(def.table)} default values`;
      const { rows } = await sql<Row>`${insert} returning ${this.columns(def)}`.execute(trx);
      const [record] = await this.opened(trx, def, rows);
      await hooks.afterCreate?.(ctx, record, input);
      await checkQuota(ctx, def);
      await this.audit(trx, { action: 'create', resource: def.name, recordId: record.id, patientId: patientIdOf(def, record), fields: Object.keys(input).filter((k) => input[k] !== null && input[k] !== undefined) });
      return record;
    });
  }

  /** `expected`: the version the caller last saw (If-Match); a newer record throws StaleRecord. */
  async update(def: ResourceDef, id: number, input: Input, expected?: number): Promise<Row | Diverted> {
    const caller = this.authorize(def, 'update');
    const hooks = this.hooks[def.name] ?? {};
    return this.transaction(async (trx) => {
      const existing = await this.fetch(trx, def, 'update', id, expected);
      // Before anything else is judged: a final field is not for changing, whatever the value.
      this.checkFinal(def, input, existing);
      const ctx = this.hookContext(trx, caller);
      // Files are checked before a change becomes a request, so a request never carries bad ones.
      await this.checkFiles(trx, def, input);
      this.checkDates(def, input);
      await this.fillFromRelations(trx, def, input, existing);
      this.checkComparisons(def, input, existing);
      await this.checkRelationTargets(trx, def, input);
      await fillListItems(trx, def, this.tenantId, input);
      await this.checkPasswords(trx, def, input, existing);
      const diverted = await hooks.divert?.(ctx, 'update', input, existing);
      if (diverted) return this.diverted(trx, diverted);
      // A save that changes nothing (an untouched form, a phone typed in another form of the same
      // number) keeps the record's version: another tab editing it must not meet a conflict
      // with no change in it, and the trail records no change.
      if (!Object.keys(input).some((name) => changesStored(def.fields[name], existing[name], input[name]))) return existing;
      await hooks.beforeUpdate?.(ctx, input, existing);
      this.checkAssignable(def, caller, input, existing);
      const values = await this.toColumns(def, input);
      await this.seal(trx, def, values);
      const sets = [...Object.entries(values).map(([n, v]) => sql`${sql.ref(n)} = ${v}`), sql`updated_at = ${ctx.now}`];
      const where = [...this.scopeWhere(def, 'update'), sql`id = ${id}`];
      const { rows } = await sql<Row>`update ${sql.table(def.table)} set ${sql.join(sets)} where ${sql.join(where, sql` and `)} returning ${this.columns(def)}`.execute(trx);
      const [record] = await this.opened(trx, def, rows);
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
    return this.transaction(async (trx) => {
      const existing = await this.fetch(trx, def, 'delete', id, expected);
      const ctx = this.hookContext(trx, caller);
      const diverted = await hooks.divert?.(ctx, 'delete', {}, existing);
      if (diverted) return this.diverted(trx, diverted);
      const where = [...this.scopeWhere(def, 'delete'), sql`id = ${id}`];
      if (def.deletePolicy !== 'cascade') {
        const holders = await holdersOf(trx, def, this.tenantId, id);
        if (holders.length && !isArchivable(def)) throw new StillReferenced(holders);
        if (holders.length) {
          const { rows } = await sql<Row>`update ${sql.table(def.table)} set archived_at = coalesce(archived_at, ${ctx.now}), updated_at = ${ctx.now}
            where ${sql.join(where, sql` and `)} returning ${this.columns(def)}`.execute(trx);
          await this.audit(trx, { action: 'archive', resource: def.name, recordId: id, patientId: patientIdOf(def, existing) });
          if (existing.archived_at === null) await this.cancelUpcoming(ctx, def, id, false);
          return { kind: 'archived', record: (await this.opened(trx, def, rows))[0], holders };
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
    return this.transaction(async (trx) => {
      const existing = await this.fetch(trx, def, 'delete', id);
      if (!def.cancelsOnArchive || existing.archived_at !== null) return {};
      return { [def.cancelsOnArchive.resource]: (await this.cancelUpcoming(this.hookContext(trx, caller), def, id, true)).length };
    });
  }

  /** The other resource's records still to come for this one, cancelled (each in the trail) unless `dryRun`. */
  private async cancelUpcoming(ctx: HookContext, def: ResourceDef, id: number, dryRun: boolean): Promise<number[]> {
    if (!def.cancelsOnArchive) return [];
    const { resource, field } = def.cancelsOnArchive;
    const target = resourceByName(resource);
    const cancelled = (await this.hooks[resource]?.cancelUpcoming?.(ctx, field, id, dryRun)) ?? [];
    if (!dryRun) for (const recordId of cancelled) await this.audit(ctx.trx, { action: 'update', resource, recordId, patientId: patientColumn(target) === 'patient_id' && field === 'patient_id' ? id : null, fields: ['status'] });
    return cancelled;
  }

  /** Brings an archived record back into lists and pickers (whoever may delete it may restore it). */
  async restore(def: ResourceDef, id: number): Promise<Row> {
    this.authorize(def, 'delete');
    if (!isArchivable(def)) throw notFound();
    return this.transaction(async (trx) => {
      const existing = await this.fetch(trx, def, 'delete', id);
      if (existing.archived_at === null) return existing;
      const where = [...this.scopeWhere(def, 'delete'), sql`id = ${id}`];
      const { rows } = await sql<Row>`update ${sql.table(def.table)} set archived_at = null, updated_at = ${this.clock()}
        where ${sql.join(where, sql` and `)} returning ${this.columns(def)}`.execute(trx);
      await this.audit(trx, { action: 'restore', resource: def.name, recordId: id, patientId: patientIdOf(def, existing) });
      return (await this.opened(trx, def, rows))[0];
    });
  }
}
