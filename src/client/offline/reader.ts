// The data provider's answers from the working set when the server does not answer (issue 36):
// lists filtered, searched, sorted and paged as the server would (patients by name, phone in any
// local form and any digits, or file number), one record, several records. Rows are opened once
// per sync pass and kept in memory, so a search over 10,000 patients is a scan of plain objects.
import type { BaseRecord, CrudFilter, CrudSort, Pagination } from '@refinedev/core';
import { translate } from '../i18n';
import { ApiError } from '../providers/http';
import { latinDigits } from '../../shared/digits';
import { phoneSearchText } from '../../shared/phone';
import type { RelationLabels } from '../../shared/labels';
import { TITLE_ANSWERS, WORKING_SET, type WorkingSetResource, isComputedAnswer, isKeptAnswer, isWorkingSetResource, shiftDay, titlesFromAnswer } from '../../shared/workingSet';
import { keptDaysOnly } from '../../shared/keptDays';
import { type AvailabilityQuery, availabilityFromKept } from './availability';
import { resources } from '../../../resources';
import { deviceState } from './device';
import { keyMissing, lockIfKeyNeeded } from './idleWatch';
import { foldText, nameMatcher } from '../../shared/fold';
import { keptAnswer, keptRows, syncGeneration } from './sync';
import { clinicNow } from '../engine/clinicDay';
import { clinicToday } from '../engine/instant';

type Row = Record<string, unknown>;

const opened = new Map<string, { generation: number; uid: string; rows: Row[] }>();

/** What the screen says instead of an error: this needs the server. */
export function notAvailableOffline(): ApiError {
  return new ApiError(translate('offline.notAvailable'), 0);
}

/**
 * No key on this page (opened again) while the device's copy is asked for: the lock asks the
 * password that opens it (idleWatch.ts), and this read says it needs the server meanwhile. A
 * write to keep (outbox.ts) says it is not saved yet: the form, under the lock, is saved again after.
 */
export function keyNeeded(write = false): ApiError {
  if (!write) lockIfKeyNeeded(true);
  else if (keyMissing()) {
    lockIfKeyNeeded(true);
    return new ApiError(translate('offline.unlockToKeep'), 0);
  }
  return notAvailableOffline();
}

async function rowsOf(resource: string): Promise<Row[]> {
  const state = deviceState();
  if (!state) throw keyNeeded();
  if (!isWorkingSetResource(resource)) throw notAvailableOffline();
  const kept = opened.get(resource);
  if (kept && kept.generation === syncGeneration() && kept.uid === state.uid) return kept.rows;
  const rows = await keptRows(state, resource as WorkingSetResource);
  opened.set(resource, { generation: syncGeneration(), uid: state.uid, rows });
  return rows;
}

/** Whether a row matches the search box's text, as the server's search does for patients. */
export function matchesSearch(row: Row, q: string): boolean {
  return searchMatcher(q)(row);
}

/**
 * The search box's text made into a test of a row once (its phone, digits and name patterns), not
 * again for each of 10,000 rows: the search's goal is 50 ms.
 */
function searchMatcher(q: string): (row: Row) => boolean {
  const phone = phoneSearchText(q);
  const digits = latinDigits(q).trim().replace(/^#\s*/, '');
  const file = /^\d{1,15}$/.test(digits) ? Number(digits) : null;
  // The server's own keys (shared/fold.ts): a name however its letters were typed, loosely too.
  const name = nameMatcher(q);
  return (row) =>
    (!!phone && typeof row.phone === 'string' && row.phone.includes(phone)) ||
    (file !== null && Number(row.file_number) === file) ||
    ['name', 'substance', 'scientific_name'].some((f) => typeof row[f] === 'string' && name(row[f] as string) >= 0);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** A filter as a test of a row; the search box's text prepared once. */
function filterTest(filter: CrudFilter): (row: Row) => boolean {
  if (!('field' in filter) || filter.field !== 'q') return (row) => matchesFilter(row, filter);
  const { value } = filter;
  return value === undefined || value === null || value === '' ? () => true : searchMatcher(String(value));
}

function matchesFilter(row: Row, filter: CrudFilter): boolean {
  if (!('field' in filter)) return true;
  const { field, operator, value } = filter;
  const v = row[field];
  const list = Array.isArray(value) ? value : String(value).split(',');
  switch (operator) {
    case 'eq':
      return value === undefined || value === '' || String(v) === String(value);
    case 'ne':
      return String(v) !== String(value);
    case 'in':
      return list.map(String).includes(String(v));
    case 'gt':
      return compare(v, value) > 0;
    case 'gte':
      return compare(v, value) >= 0;
    case 'lt':
      return compare(v, value) < 0;
    case 'lte':
      return compare(v, value) <= 0;
    case 'contains':
      return foldText(String(v ?? '')).includes(foldText(String(value)));
    case 'null':
      return v === null || v === undefined;
    case 'nnull':
      return v !== null && v !== undefined;
    default:
      return true;
  }
}

function newestFirst(a: Row, b: Row): number {
  const [x, y] = [Number(a.id), Number(b.id)];
  if (x < 0 !== y < 0) return x < 0 ? -1 : 1;
  return x < 0 ? x - y : y - x;
}

export async function offlineList(
  resource: string,
  params: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] },
): Promise<{ data: BaseRecord[]; total: number; keptOnly?: { from: string; to: string } }> {
  // Timed (User Timing: the browser's performance panel, bench/offline-device.ts): the search's goal is 50 ms.
  const started = performance.now();
  const tests = (params.filters ?? []).map(filterTest);
  const rows = (await rowsOf(resource)).filter((row) => tests.every((test) => test(row)));
  const sorters = params.sorters?.length ? params.sorters : [{ field: 'id', order: 'desc' as const }];
  rows.sort((a, b) => {
    for (const s of sorters) {
      const c = compare(a[s.field], b[s.field]);
      if (c) return s.order === 'desc' ? -c : c;
    }
    // Ties, and a sort by what the device does not keep (created_at): the newest first, records
    // made offline (provisional ids, below zero, the later the lower) before the server's.
    return newestFirst(a, b);
  });
  const { currentPage = 1, pageSize = 25, mode = 'server' } = params.pagination ?? {};
  const data = mode === 'server' ? rows.slice((currentPage - 1) * pageSize, currentPage * pageSize) : rows;
  performance.measure(`offline list ${resource}`, { start: started, detail: { total: rows.length } });
  // The device keeps only some days of this resource and the list may reach beyond them: the
  // answer says which days it holds, for the screen to say so (engine/KeptOnlyNote.tsx).
  const keptOnly = keptDaysOnly(resource, (params.filters ?? []).flatMap((f) => ('field' in f ? [f] : [])), clinicToday());
  return { data: data as BaseRecord[], total: rows.length, ...(keptOnly ? { keptOnly } : {}) };
}

export async function offlineOne(resource: string, id: string | number): Promise<BaseRecord> {
  const row = (await rowsOf(resource)).find((r) => String(r.id) === String(id));
  if (!row) throw notAvailableOffline();
  return row as BaseRecord;
}

export async function offlineMany(resource: string, ids: readonly (string | number)[]): Promise<BaseRecord[]> {
  const wanted = new Set(ids.map(String));
  return (await rowsOf(resource)).filter((r) => wanted.has(String(r.id))) as BaseRecord[];
}

/**
 * The titles of the records the rows point to, as the server sends them beside a list (`labels`):
 * for each relation of the resource's declaration whose target the device keeps with its title
 * field (a booking's patient and doctor), or names in a kept answer (TITLE_ANSWERS). Others stay unnamed.
 */
export async function offlineLabels(resource: string, rows: readonly Record<string, unknown>[]): Promise<RelationLabels> {
  const def = resources.find((r) => r.name === resource);
  const labels: RelationLabels = {};
  for (const [name, field] of Object.entries(def?.fields ?? {})) {
    const target = field.type === 'relation' ? field.relation : undefined;
    if (!target || !isWorkingSetResource(target.resource)) continue;
    const wanted = new Set(rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined).map(String));
    if (!wanted.size) continue;
    const kept = await rowsOf(target.resource).catch(() => [] as Row[]);
    const named: Record<string, string> = {};
    for (const row of kept) if (wanted.has(String(row.id)) && typeof row[target.labelField] === 'string') named[String(row.id)] = row[target.labelField] as string;
    // Records the user may not read as such (a secretary and the staff): their titles from the
    // kept answer that names them (TITLE_ANSWERS: the clinic's doctors).
    if (Object.keys(named).length < wanted.size && TITLE_ANSWERS[target.resource]) {
      const titles = titlesFromAnswer(target.resource, await offlineAnswer(TITLE_ANSWERS[target.resource].path).catch(() => null));
      for (const id of wanted) if (!named[id] && titles[id]) named[id] = titles[id];
    }
    if (Object.keys(named).length) labels[name] = named;
  }
  return labels;
}

/**
 * A kept answer of one of the clinic's GET endpoints (shared/workingSet.ts KEPT_ANSWERS), or one
 * the device makes from its rows (COMPUTED_ANSWERS: the free slots).
 */
export async function offlineAnswer(path: string, query: Record<string, unknown> = {}): Promise<unknown> {
  const state = deviceState();
  if (state && isComputedAnswer(path)) return offlineAvailability(query as unknown as AvailabilityQuery);
  if (!state) throw keyNeeded();
  if (!isKeptAnswer(path)) throw notAvailableOffline();
  const body = await keptAnswer(state, path);
  if (body === null) throw notAvailableOffline();
  return body;
}

async function offlineAvailability(query: AvailabilityQuery): Promise<unknown> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(query.from ?? ''))) throw notAvailableOffline();
  const doctors = (await offlineAnswer('/dashboard/doctors')) as { doctors?: { id: number }[] } | null;
  const [workingHours, closedDays, appointments] = await Promise.all([rowsOf('workingHours'), rowsOf('closedDays'), rowsOf('appointments')]);
  const now = clinicNow();
  const today = now.format('YYYY-MM-DD');
  const window = WORKING_SET.appointments.window!;
  return availabilityFromKept(
    query,
    { doctors: doctors?.doctors ?? [], workingHours, closedDays, appointments, keptDays: { from: shiftDay(today, window.from), to: shiftDay(today, window.to) } },
    { date: today, time: now.format('HH:mm') },
  );
}
