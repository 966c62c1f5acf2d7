// Filling and following the working set (issue 36): a first load through GET /sync/rows, resource
// by resource, from a cursor taken before it; then GET /sync/changes every minute while the
// session lasts. Every row is sealed before it is stored. A "resync" answer (the device was away
// longer than the server keeps changes) loads everything again.
import { ApiError, api, endSession } from '../providers/http';
import { goTo } from '../providers/navigation';
import { toast } from '../providers/notify';
import { loginPathHere } from '../providers/returnPath';
import { KEPT_ANSWERS, WORKING_SET, type WorkingSetResource, keptRow } from '../../shared/workingSet';
import type { Unlocked } from './device';
import { open, seal } from './sealing';
import { type SealedRow, applyRows, offlineDb, replaceRows, userRows, wipeDevice } from './store';
import { deviceId, sendWaiting } from './outbox';
import { onShellState, shellState } from './shellState';
import { whenQuiet } from './quiet';
import { clinicToday } from '../engine/instant';

const FOLLOW_MS = 60_000;
const PAGE = 500;
const TIMEOUT_MS = 20_000;

type Change = { resource: string; id: number; op: 'upsert'; row: Record<string, unknown> } | { resource: string; id: number; op: 'delete' };
type ChangesAnswer = { resync: true } | { resync: false; changes: Change[]; cursor: string; more: boolean };

let timer: ReturnType<typeof setTimeout> | null = null;
/** Raised whenever stored rows change: what reader.ts opened before is read again. */
let generation = 0;

export function syncGeneration(): number {
  return generation;
}

/** Rows changed on the device itself (a write kept in the outbox, outbox.ts): read them again. */
export function rowsChanged(): void {
  generation++;
}
let following: Unlocked | null = null;
let running: Promise<void> | null = null;

const rowLabel = (resource: string, id: number) => `${resource}:${id}`;

async function sealRow(state: Unlocked, resource: string, row: Record<string, unknown>): Promise<SealedRow> {
  const id = Number(row.id);
  return { uid: state.uid, resource, id, sealed: await seal(state.key, row, rowLabel(resource, id)) };
}

async function readMeta<T>(state: Unlocked, name: string): Promise<T | null> {
  const record = await (await offlineDb()).get('meta', [state.uid, name]);
  return record ? open<T>(state.key, record.sealed, `meta:${name}`) : null;
}

async function writeMeta(state: Unlocked, name: string, value: unknown): Promise<void> {
  const sealed = await seal(state.key, value, `meta:${name}`);
  await (await offlineDb()).put('meta', { uid: state.uid, name, sealed });
}

// The device names itself on its sync calls: the clinic's list of devices, and its revocation.
const get = async <T>(path: string, query?: string) => api<T>(path, { query, quiet: true, timeoutMs: TIMEOUT_MS, headers: { 'X-Device-Id': await deviceId() } });

/**
 * The Main Doctor revoked this device (410 on a sync call; the server has ended the session):
 * everything it keeps goes, for every user, and the user is signed out with the reason.
 */
async function revoked(message: string): Promise<void> {
  stopFollowing();
  await wipeDevice();
  generation++;
  endSession();
  toast('error', message);
  goTo(loginPathHere());
}

/** Everything again: a cursor first, so what changes during the load comes after it. */
async function loadAll(state: Unlocked): Promise<void> {
  // The start names the resources this user may read: only those are kept.
  const start = await get<{ data: { cursor: string; resources: string[] } }>('/sync/changes');
  for (const resource of start.data.resources.filter((r): r is WorkingSetResource => r in WORKING_SET)) {
    let after = 0;
    let first = true;
    for (;;) {
      const page = await get<{ data: Record<string, unknown>[]; next_after_id: number | null }>(`/sync/rows`, `resource=${resource}&after_id=${after}&limit=${PAGE}`);
      await replaceRows(state.uid, resource, await Promise.all(page.data.map((row) => sealRow(state, resource, row))), first);
      generation++;
      first = false;
      if (page.next_after_id === null) break;
      after = page.next_after_id;
    }
  }
  await writeMeta(state, 'cursor', start.data.cursor);
}

/** The changes since the cursor, applied; false when the server asks for a full load. */
async function followChanges(state: Unlocked, cursor: string): Promise<boolean> {
  const today = clinicToday();
  for (;;) {
    const { data } = await get<{ data: ChangesAnswer }>('/sync/changes', `after=${encodeURIComponent(cursor)}&limit=${PAGE}`);
    if (data.resync) return false;
    const put: SealedRow[] = [];
    const drop: { uid: string; resource: string; id: number }[] = [];
    for (const c of data.changes) {
      const resource = c.resource as WorkingSetResource;
      // A row that left the window (a booking moved far ahead) leaves the device too.
      if (c.op === 'upsert' && keptRow(resource, c.row, today)) put.push(await sealRow(state, resource, c.row));
      else drop.push({ uid: state.uid, resource, id: c.id });
    }
    await applyRows(put, drop);
    if (put.length || drop.length) generation++;
    cursor = data.cursor;
    await writeMeta(state, 'cursor', cursor);
    if (!data.more) return true;
  }
}

/** The meta record holding a kept answer (shared/workingSet.ts KEPT_ANSWERS). */
export const answerMeta = (path: string) => `answer:${path}`;

async function keepAnswers(state: Unlocked): Promise<void> {
  for (const path of KEPT_ANSWERS) {
    // One the user may not read (or a moment without the server) is skipped.
    const body = await get<unknown>(path).catch(() => undefined);
    if (body !== undefined) await writeMeta(state, answerMeta(path), body);
  }
}

/** A kept answer, opened; null when none is kept for the user. */
export function keptAnswer(state: Unlocked, path: string): Promise<unknown> {
  return readMeta<unknown>(state, answerMeta(path));
}

/**
 * One pass: the writes waiting in the outbox first (issue 37: the server's rows then include
 * them), a first load or the changes since the last, then the kept answers, then the time.
 */
export async function syncNow(state: Unlocked): Promise<void> {
  await sendWaiting();
  const cursor = await readMeta<string>(state, 'cursor');
  if (!cursor || !(await followChanges(state, cursor))) await loadAll(state);
  await keepAnswers(state);
  await writeMeta(state, 'syncedAt', new Date().toISOString());
}

/** The link came back during a pass: another at once when it ends (it may have met the cut). */
let passAgain = false;

function schedule(): void {
  if (!following) return;
  const state = following;
  passAgain = false;
  running = syncNow(state)
    // The server did not answer: the next pass tries again. A revoked device is wiped.
    .catch((err: unknown) => (err instanceof ApiError && err.statusCode === 410 ? revoked(err.message) : undefined))
    .finally(() => {
      running = null;
      if (following === state) timer = setTimeout(schedule, passAgain ? 0 : FOLLOW_MS);
    });
}

let stopWatching: (() => void) | null = null;

export function startFollowing(state: Unlocked): void {
  stopFollowing();
  following = state;
  // The first pass waits for the first screens (quiet.ts); it is then due at once.
  void whenQuiet().then(() => {
    if (following === state && !running && !timer) schedule();
  });
  // The link back: a pass at once, so what waits in the outbox goes now, not within the minute.
  let down = shellState().offlineSince !== null;
  stopWatching = onShellState(() => {
    const now = shellState().offlineSince !== null;
    if (down && !now && following === state) {
      if (running) passAgain = true;
      else {
        if (timer) clearTimeout(timer);
        schedule();
      }
    }
    down = now;
  });
}

export function stopFollowing(): void {
  following = null;
  if (timer) clearTimeout(timer);
  timer = null;
  stopWatching?.();
  stopWatching = null;
}

/** The pass under way, if any (tests and the sign-out wait for it). */
export function currentPass(): Promise<void> | null {
  return running;
}

/** Rows of a resource kept for the unlocked user, opened. */
export async function keptRows(state: Unlocked, resource: WorkingSetResource): Promise<Record<string, unknown>[]> {
  const rows = await userRows(state.uid, resource);
  return Promise.all(rows.map((r) => open<Record<string, unknown>>(state.key, r.sealed, rowLabel(resource, r.id))));
}
