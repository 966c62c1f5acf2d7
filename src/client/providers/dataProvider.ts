// Refine data provider for the v1 API. Its failures are told by Refine (see http.ts `refine`). List queries: page, per_page, sort=-a,b, q, and
// filter[field][op]=v; responses { data, meta: { total } }. Bodies carry only the writable fields
// the registry declares (the server rejects anything else with 422).
import type { BaseRecord, CrudFilter, CrudSort, CustomParams, DataProvider, Pagination } from '@refinedev/core';
import { resources } from '../../../resources';
import type { RelationLabels } from '../../shared/labels';
import type { ResourceDef } from '../../shared/resource';
import { type FieldDef, MAX_PER_PAGE, writableFields } from '../../shared/resource';
import { API_BASE, ApiError, UUID, WRITE_TIMEOUT_MS, api, newIdempotencyKey } from './http';
import { customRequest, queryString } from './custom';
import { keyedWrite, pendingKey } from './actionKeys';

export { queryString };
import { offlineSince } from '../offline/link';
import { isWorkingSetResource } from '../../shared/workingSet';

/**
 * A read the server does not answer is answered from this device's working set when it keeps the
 * resource (offline/reader.ts, loaded only then; issue 36); while the server is known not to
 * answer, without asking it first.
 */
async function orKept<T>(resource: string, online: () => Promise<T>, kept: (reader: typeof import('../offline/reader')) => Promise<T>): Promise<T> {
  if (!isWorkingSetResource(resource)) return online();
  if (!offlineSince()) {
    try {
      return await online();
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode !== 0) throw err;
    }
  }
  return kept(await import('../offline/reader'));
}
import { isPendingAnswer, toPendingResult } from './pending';
import type { QueuedWrite } from '../offline/outbox';
import { type OfflineWrite, offlineRefusal, refusedOffline, unanswered } from '../offline/refusals';
import { type OfflineAction, offlineAction, withClientRef } from '../offline/actions';

/**
 * Every write passes here (issue 37). A create or change of a resource the desk may write offline
 * (ResourceDef.offline), while the server is known not to answer or when it gave none: kept in
 * this device's outbox (offline/outbox.ts, loaded only then) under the same Idempotency-Key,
 * answered with the record as the screens show it until the server has it. Any other write
 * (offline/refusals.ts: refunds, deletes, settings, staff...) is refused then with a message
 * saying it needs the server, never queued.
 */
async function orQueued<T>(write: QueuedWrite, online: () => Promise<T>): Promise<T | { data: Record<string, unknown> }> {
  const crud: OfflineWrite = { resource: write.resource, action: write.id === undefined ? 'create' : 'update' };
  if (offlineRefusal(crud)) return orRefused(crud, online);
  if (!offlineSince()) {
    try {
      return await online();
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode !== 0) throw err;
    }
  }
  const { queueWrite } = await import('../offline/outbox');
  return { data: await queueWrite(write) };
}

/**
 * Writes alike and still under way (a double-clicked Save: two submissions of one form before the
 * first answer) are one write: one request or one outbox entry, and both callers get its answer.
 */
const underWay = new Map<string, Promise<unknown>>();
function once<T>(same: string, write: () => Promise<T>): Promise<T> {
  const running = underWay.get(same);
  if (running) return running as Promise<T>;
  const started = write().finally(() => underWay.delete(same));
  underWay.set(same, started);
  return started;
}

/**
 * An action the device can keep (offline/actions.ts: postponing), while the server is known not
 * to answer or when it gave none: its plain writes queued in order, answered with the record the
 * last one makes (the new booking) as the screens show it.
 */
async function orQueuedAction<T>(action: OfflineAction, params: CustomParams, online: () => Promise<T>): Promise<T | { data: Record<string, unknown> }> {
  if (!offlineSince()) {
    try {
      return await online();
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode !== 0) throw err;
    }
  }
  const [{ queueWrite }, { offlineOne }] = await Promise.all([import('../offline/outbox'), import('../offline/reader')]);
  const record = (await offlineOne(action.resource, action.id)) as Record<string, unknown>;
  let last: Record<string, unknown> = record;
  // The reference its new record would have taken online (the key it went unanswered with, if it
  // did): sent later as a plain create, it finds what that send made, if it reached the server.
  for (const write of action.writes(record, (params.payload ?? {}) as Record<string, unknown>, pendingKey(params))) last = await queueWrite(write);
  return { data: last };
}

/**
 * A write refused offline: not sent while the server is known not to answer. Sent and given no
 * answer, it may have been done: told so, and that sending it again does it once (each such write
 * goes under an Idempotency-Key it keeps for that: actionKeys.ts, and the create and change below).
 */
async function orRefused<T>(write: OfflineWrite, online: () => Promise<T>): Promise<T> {
  const refusal = offlineRefusal(write);
  if (!refusal) return online();
  if (offlineSince()) throw refusedOffline(refusal);
  try {
    return await online();
  } catch (err) {
    throw err instanceof ApiError && err.statusCode === 0 ? unanswered() : err;
  }
}

function defOf(resource: string): ResourceDef | undefined {
  return resources.find((r) => r.name === resource);
}

function pathOf(resource: string): string {
  return `/${defOf(resource)?.path ?? resource}`;
}

const OPERATORS: Partial<Record<CrudFilter['operator'], string>> = {
  ne: 'ne',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
  in: 'in',
  contains: 'like',
};

type Query = Record<string, string | number | undefined>;


function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : undefined;
  return String(value);
}

export function filterQuery(filters: readonly CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue; // or/and groups are not part of this API
    const { field, operator, value } = filter;
    if (field === 'q') {
      query.q = scalar(value);
      continue;
    }
    if (operator === 'null' || operator === 'nnull') {
      query[`filter[${field}][null]`] = operator === 'null' ? 'true' : 'false';
      continue;
    }
    if (operator === 'eq') {
      query[`filter[${field}]`] = scalar(value);
      continue;
    }
    const op = OPERATORS[operator];
    if (op) query[`filter[${field}][${op}]`] = scalar(value);
  }
  return query;
}

export function sortQuery(sorters: readonly CrudSort[] | undefined): string | undefined {
  if (!sorters?.length) return undefined;
  return sorters.map((s) => `${s.order === 'desc' ? '-' : ''}${s.field}`).join(',');
}

export function listQuery(params: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] }): string {
  const { currentPage = 1, pageSize = 25, mode = 'server' } = params.pagination ?? {};
  const query: Query = { ...filterQuery(params.filters), sort: sortQuery(params.sorters) };
  if (mode === 'server') {
    query.page = currentPage;
    query.per_page = Math.min(pageSize, MAX_PER_PAGE);
  } else {
    query.per_page = MAX_PER_PAGE;
  }
  return queryString(query);
}

/** A list's filters and sort for its export (every page). */
export function exportQuery(params: { sorters?: CrudSort[]; filters?: CrudFilter[] }): string {
  return queryString({ ...filterQuery(params.filters), sort: sortQuery(params.sorters) });
}

/** Keep only the declared writable fields; blank optional values become null; an empty password on edit is left out. */
export function writableBody(resource: string, values: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  const input = (values ?? {}) as Record<string, unknown>;
  const def = defOf(resource);
  if (!def) return { ...input };
  const out: Record<string, unknown> = {};
  for (const [name, field] of writableFields(def)) {
    if (!(name in input)) continue;
    let value = input[name];
    if (value === undefined) continue;
    if (value === '') {
      if (field.type === 'password' || (mode === 'update' && field.required)) continue;
      if (mode === 'create' && !field.nullable) continue;
      value = null;
    }
    out[name] = writableItems(field, value);
  }
  return out;
}

/** A list's items without what the server fills itself (a drug's name copied from the catalog). */
function writableItems(field: FieldDef, value: unknown): unknown {
  if (field.type !== 'list' || !field.items || !Array.isArray(value)) return value;
  const items = field.items;
  return value.map((item: unknown) =>
    item && typeof item === 'object' ? Object.fromEntries(Object.entries(item as Record<string, unknown>).filter(([k]) => !items[k]?.readOnly)) : item,
  );
}

/** The loaded record's lists as a form sends them, so an untouched list is not "changed". */
function asSent(resource: string, record: Record<string, unknown>): Record<string, unknown> {
  const def = defOf(resource);
  if (!def) return record;
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, def.fields[name] ? writableItems(def.fields[name], value) : value]));
}

function originalOf(meta: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const value = meta?.original as { current?: unknown } | Record<string, unknown> | undefined;
  const record = value && 'current' in value ? value.current : value;
  return record && typeof record === 'object' ? (record as Record<string, unknown>) : null;
}

/** The fields of `body` whose value differs from the loaded record (what the user changed). */
export function changedOnly(body: Record<string, unknown>, original: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (typeof a === 'number' && Number(b) === a);
  return Object.fromEntries(Object.entries(body).filter(([name, value]) => !same(value, original[name])));
}

/** The titles a list or record answer carried for its relation fields (none: an empty map). */
export function labelsOf(answer: unknown): RelationLabels {
  const labels = typeof answer === 'object' && answer !== null ? (answer as { labels?: unknown }).labels : undefined;
  return typeof labels === 'object' && labels !== null ? (labels as RelationLabels) : {};
}

interface ListBody<T> {
  data: T[];
  meta?: { total?: number };
  labels?: RelationLabels;
}

type ListParams = Pick<Parameters<DataProvider['getList']>[0], 'pagination' | 'sorters' | 'filters'>;

/** The address getList asks a resource's rows at (seedLists.ts finds an answer asked ahead by it). */
export function listUrl(resource: string, params: ListParams): string {
  return `${API_BASE}${pathOf(resource)}?${listQuery(params)}`;
}

/** A list answer as getList gives it to the screens. */
export function listAnswer<T>(body: ListBody<T>): { data: T[]; total: number; labels: RelationLabels } {
  // The related records' titles come with the rows (read them with labelsOf).
  return { data: body.data ?? [], total: body.meta?.total ?? body.data?.length ?? 0, labels: body.labels ?? {} };
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async <T extends BaseRecord>({ resource, pagination, sorters, filters }: Parameters<DataProvider['getList']>[0]) =>
    orKept(
      resource,
      async () => listAnswer(await api<ListBody<T>>(pathOf(resource), { query: listQuery({ pagination, sorters, filters }), refine: true })),
      async (r) => {
        const page = await r.offlineList(resource, { pagination, sorters, filters });
        // The titles the server would send beside them, from what the device keeps (and, when it
        // keeps only some days of these, which: engine/KeptOnlyNote.tsx). fromDevice: the columns
        // the device does not keep are said to be so (engine/keptOnly.ts notKeptColumns).
        return { ...page, labels: await r.offlineLabels(resource, page.data), fromDevice: true } as { data: T[]; total: number; labels: RelationLabels; fromDevice: true };
      },
    ),

  getMany: async <T extends BaseRecord>({ resource, ids }: { resource: string; ids: readonly (string | number)[] }) => {
    if (!ids.length) return { data: [] as T[] };
    return orKept(
      resource,
      async () => {
        const query = queryString({ 'filter[id][in]': ids.join(','), per_page: MAX_PER_PAGE });
        const body = await api<ListBody<T>>(pathOf(resource), { query, refine: true });
        return { data: body.data ?? [] };
      },
      async (r) => ({ data: (await r.offlineMany(resource, ids)) as T[] }),
    );
  },

  getOne: async <T extends BaseRecord>({ resource, id: asked }: { resource: string; id: string | number }) => {
    // A record made offline, still open under its provisional id after it landed: the server's.
    const provisional = Number(asked) < 0 && !!defOf(resource)?.offline;
    const id = provisional ? ((await (await import('../offline/outbox')).landedIdOf(resource, Number(asked))) ?? asked) : asked;
    const kept = async (r: typeof import('../offline/reader')) => {
      const row = await r.offlineOne(resource, id);
      // fromDevice: the fields the device does not keep are said to be so (engine/keptOnly.ts notKeptHere).
      return { data: row as T, labels: await r.offlineLabels(resource, [row]), fromDevice: true } as { data: T };
    };
    // Not landed yet (or landing this instant: a live event can ask before the landing is noted):
    // the device's row. The server knows no negative id, and its 404 would leave the screen.
    if (provisional && Number(id) < 0) return kept(await import('../offline/reader'));
    return orKept(
      resource,
      async () => {
        const body = await api<{ data: T; labels?: RelationLabels }>(`${pathOf(resource)}/${encodeURIComponent(String(id))}`, { record: true, refine: true });
        return { data: body.data, labels: body.labels ?? {} } as { data: T };
      },
      kept,
    );
  },

  // meta.idempotencyKey: the form submission's key, so sending it twice creates one record.
  create: async <T extends BaseRecord>({ resource, variables, meta }: { resource: string; variables: unknown; meta?: Record<string, unknown> }) => {
    const key = typeof meta?.idempotencyKey === 'string' ? meta.idempotencyKey : newIdempotencyKey();
    // A record the desk may make offline names itself (the submission's key, a UUID): sent now or
    // from the outbox after no answer, it is the same request, and lands once.
    const sent = { ...writableBody(resource, variables, 'create'), ...(defOf(resource)?.offline ? { client_ref: UUID.test(key) ? key : newIdempotencyKey() } : {}) };
    const body = await once(`create ${key}`, () => orQueued({ resource, body: sent, key }, () => api<{ data: T }>(pathOf(resource), { method: 'POST', body: sent, headers: { 'Idempotency-Key': key }, refine: true, timeoutMs: WRITE_TIMEOUT_MS })));
    // 202: an Admin's request was submitted instead (see pending.ts); data has no record id.
    if (isPendingAnswer(body)) return { data: toPendingResult(body) as unknown as T };
    return { data: body.data as T };
  },

  // meta.original: the record as the form loaded it (a ref's current, or the record): only the
  // fields that differ from it are sent, with If-Match of its version (a 412 if someone saved since).
  update: async <T extends BaseRecord>({ resource, id, variables, meta }: { resource: string; id: string | number; variables: unknown; meta?: Record<string, unknown> }) => {
    const original = originalOf(meta);
    const sent = original ? changedOnly(writableBody(resource, variables, 'update'), asSent(resource, original)) : writableBody(resource, variables, 'update');
    const version = original?.version !== undefined ? Number(original.version) : undefined;
    const key = newIdempotencyKey();
    const online = () =>
      api<{ data: T }>(`${pathOf(resource)}/${encodeURIComponent(String(id))}`, {
        method: 'PATCH',
        body: sent,
        headers: { 'Idempotency-Key': key, ...(version !== undefined ? { 'If-Match': `"${String(version)}"` } : {}) },
        conflictShown: !!original,
        refine: true,
        timeoutMs: WRITE_TIMEOUT_MS,
      }).catch((error: unknown) => {
        // The form's loaded record may be refetched before the 412 reaches it (Refine invalidates
        // on settle): the conflict is judged against the version this request was based on.
        if (error instanceof ApiError && error.statusCode === 412 && original) error.base = original;
        throw error;
      });
    const body = await once(JSON.stringify(['update', resource, id, version, sent]), () => orQueued({ resource, id, body: sent, version, key, original }, online));
    if (isPendingAnswer(body)) return { data: toPendingResult(body) as unknown as T };
    return { data: body.data as T };
  },

  deleteOne: async <T extends BaseRecord>({ resource, id }: { resource: string; id: string | number }) => {
    // Under a key and a deadline as an action is (actionKeys.ts): a delete sent again after no
    // answer is answered as the first was, not "not found".
    const url = `${pathOf(resource)}/${encodeURIComponent(String(id))}`;
    const body = await orRefused({ resource, action: 'delete' }, () =>
      keyedWrite({ url, method: 'delete' }, (sent, deadline) => api(url, { method: 'DELETE', refine: true, headers: sent.headers as Record<string, string>, timeoutMs: deadline ? WRITE_TIMEOUT_MS : undefined })),
    );
    if (isPendingAnswer(body)) return { data: toPendingResult(body) as unknown as T };
    // 200: archived instead of deleted (others still use it); the server says so in `message`.
    const archived = body as { message?: string; data?: BaseRecord } | undefined;
    if (archived?.data) return { data: { ...archived.data, archivedMessage: archived.message } as unknown as T };
    return { data: { id } as unknown as T };
  },

  // Every call to an endpoint that is not a resource's CRUD (actions, reports, files): custom.ts.
  // A write among them goes under an Idempotency-Key and a deadline (actionKeys.ts); while the
  // server does not answer it is refused, unless the device can keep it as plain writes
  // (offline/actions.ts: postponing).
  custom: <TData extends BaseRecord = BaseRecord>(params: CustomParams) => {
    if (params.method === 'get') return customRequest<TData>(params);
    const action = offlineAction(params.url, params.method);
    const online = () => keyedWrite(params, (sent, deadline) => customRequest<TData>(sent, deadline), action ? withClientRef : undefined);
    if (action) return orQueuedAction(action, params, online) as ReturnType<typeof customRequest<TData>>;
    return orRefused({ url: params.url, method: params.method }, online);
  },
};
