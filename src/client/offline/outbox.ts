// The device's outbox (issue 37): the writes a desk makes while the server does not answer, kept
// in IndexedDB sealed under the user's device key like the working set, each written in a
// transaction of strict durability (on disk before "Saved" shows: a power cut right after loses
// nothing). Each entry holds its own Idempotency-Key, the user, the version it was made on
// (If-Match), only the fields it changes, the device time and what it waits for (outboxPlan.ts).
//
// Sending: one tab of the device at a time (a Web Lock; a browser without locks sends from each
// tab, which the keys make harmless), the user's own entries under their own session, oldest
// first, in order per record. A record made offline lands under its client reference; what
// waited on it is rewritten to its real id. A refusal (412, 409, 422...) stays with its entry
// for the user to settle (the Sync problems screen) and holds the record's later entries; no
// answer stops the round until the next one.
import { resourceByName } from '../../../resources/index';
import { type WorkingSetResource, isWorkingSetResource, keptFields } from '../../shared/workingSet';
import { ApiError, api, newIdempotencyKey } from '../providers/http';
import { type Unlocked, deviceState, isOfflineToken } from './device';
import { getSession } from '../providers/session';
import { keyNeeded, notAvailableOffline, offlineOne } from './reader';
import { open, seal } from './sealing';
import { applyRows, offlineDb } from './store';
import { rowsChanged } from './sync';
import { type HistoryNote, type Landed, type OutboxEntry, type Problem, type SettledEntry, type Target, dependenciesOf, nextToSend, provisionalId, rewriteLanded, rewriteSent } from './outboxPlan';
import { pick, settleStale } from './conflicts';
import { setShellState } from './shellState';

type Row = Record<string, unknown>;

const LOCK = 'clinic-outbox';
const LANDED = 'outbox:landed';
const LOG = 'outbox:settled';
/** How many settled entries the device's log keeps (newest first). */
const LOG_KEPT = 50;
const SEND_TIMEOUT_MS = 20_000;

const entryLabel = (key: string) => `outbox:${key}`;
const rowLabel = (resource: string, id: number) => `${resource}:${id}`;

/** The device's id, made on first use: X-Device-Id on everything the outbox sends. */
export async function deviceId(): Promise<string> {
  const db = await offlineDb();
  const tx = db.transaction('device', 'readwrite', { durability: 'strict' });
  const known = await tx.store.get('id');
  const id = known?.value ?? newIdempotencyKey();
  if (!known) await tx.store.put({ name: 'id', value: id });
  await tx.done;
  return id;
}

/**
 * The next provisional number of this device (a payment's receipt printed during a cut): the
 * device id's first four hex digits, then its own count, `7F3A-12`, unique per device and clinic
 * prefix. Counted on disk before it is used, so a number is never given twice.
 */
export async function nextProvisionalNumber(): Promise<string> {
  const prefix = (await deviceId()).slice(0, 4).toUpperCase();
  const db = await offlineDb();
  const tx = db.transaction('device', 'readwrite', { durability: 'strict' });
  const count = Number((await tx.store.get('provisionalCount'))?.value ?? 0) + 1;
  await tx.store.put({ name: 'provisionalCount', value: String(count) });
  await tx.done;
  return `${prefix}-${count}`;
}

/** The user's waiting entries, opened, oldest first. */
export async function waitingEntries(state: Unlocked): Promise<OutboxEntry[]> {
  const records = await (await offlineDb()).getAllFromIndex('outbox', 'byUser', state.uid);
  const entries = await Promise.all(records.map(async (r) => ({ ...(await open<Omit<OutboxEntry, 'seq'>>(state.key, r.sealed, entryLabel(r.key))), seq: r.seq! })));
  return entries.sort((a, b) => a.seq - b.seq);
}

async function sealEntry(state: Unlocked, entry: Omit<OutboxEntry, 'seq'>): Promise<{ uid: string; key: string; sealed: Awaited<ReturnType<typeof seal>> }> {
  return { uid: state.uid, key: entry.key, sealed: await seal(state.key, entry, entryLabel(entry.key)) };
}

/** Entries written again (rewritten, refused) and removed (sent), in one durable transaction. */
export async function saveEntries(state: Unlocked, put: OutboxEntry[], remove: number[]): Promise<void> {
  const sealed = await Promise.all(put.map(async (e) => ({ ...(await sealEntry(state, e)), seq: e.seq })));
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  for (const s of sealed) void tx.store.put(s);
  for (const seq of remove) void tx.store.delete(seq);
  await tx.done;
}

/** The banner's "N changes waiting" and the menu's count of sync problems, of the user's entries. */
function showCounts(mine: readonly OutboxEntry[]): void {
  setShellState({ waiting: mine.length, problems: mine.filter((e) => e.problem).length });
}

export async function countEntries(state: Unlocked): Promise<void> {
  showCounts((await waitingEntries(state)).filter((e) => e.userId === state.user.id));
}

/** Records made offline that landed, by `<resource>:<provisional id>` (written by the sender only). */
export async function landedMap(state: Unlocked): Promise<Record<string, Landed>> {
  const record = await (await offlineDb()).get('meta', [state.uid, LANDED]);
  return record ? open<Record<string, Landed>>(state.key, record.sealed, `meta:${LANDED}`) : {};
}

export async function saveLanded(state: Unlocked, map: Record<string, Landed>): Promise<void> {
  const sealed = await seal(state.key, map, `meta:${LANDED}`);
  const db = await offlineDb();
  const tx = db.transaction('meta', 'readwrite', { durability: 'strict' });
  await tx.store.put({ uid: state.uid, name: LANDED, sealed });
  await tx.done;
}

/** The device's log of the user's entries that had a history (refused, re-applied, settled). */
export async function settledLog(state: Unlocked): Promise<SettledEntry[]> {
  const record = await (await offlineDb()).get('meta', [state.uid, LOG]);
  return record ? open<SettledEntry[]>(state.key, record.sealed, `meta:${LOG}`) : [];
}

/** An entry that went (sent, or settled by the user) noted in the log, with how it ended. */
export async function logSettled(state: Unlocked, entry: OutboxEntry, what: HistoryNote['what']): Promise<void> {
  const history = [...(entry.history ?? []), { at: new Date().toISOString(), what }];
  const log = [{ resource: entry.resource, target: entry.target, body: entry.body, enteredAt: entry.enteredAt, history }, ...(await settledLog(state))].slice(0, LOG_KEPT);
  const sealed = await seal(state.key, log, `meta:${LOG}`);
  const db = await offlineDb();
  const tx = db.transaction('meta', 'readwrite', { durability: 'strict' });
  await tx.store.put({ uid: state.uid, name: LOG, sealed });
  await tx.done;
}

/** The server's id of a record made offline on this device that landed (a page still open on its provisional id). */
export async function landedIdOf(resource: string, provisional: number): Promise<number | undefined> {
  const state = deviceState();
  return state ? (await landedMap(state))[`${resource}:${provisional}`]?.id : undefined;
}

/** Relation fields of a resource and the resources they name. */
function relationsOf(resource: string): Record<string, string> {
  const def = resourceByName(resource);
  return Object.fromEntries(Object.entries(def.fields).flatMap(([name, f]) => (f.type === 'relation' && f.relation ? [[name, f.relation.resource]] : [])));
}

/** A row kept on the device changed before the server has it: the screens read it at once. */
export async function keepRow(state: Unlocked, resource: string, row: Row, drop?: number): Promise<void> {
  if (!isWorkingSetResource(resource)) return;
  const id = Number(row.id);
  // Kept as the feed keeps it, with the marks of a record the server does not have yet.
  const kept = { ...keptFields(resource as WorkingSetResource, row), ...(row.pending ? { pending: true } : {}), ...(row.client_ref ? { client_ref: row.client_ref } : {}) };
  await applyRows([{ uid: state.uid, resource, id, sealed: await seal(state.key, kept, rowLabel(resource, id)) }], drop === undefined ? [] : [{ uid: state.uid, resource, id: drop }]);
  rowsChanged();
}

export interface QueuedWrite {
  resource: string;
  /** A change's record (a provisional id for one made offline); none for a create. */
  id?: number | string;
  /** What the data provider would have sent: a create's fields, a change's changed fields. */
  body: Record<string, unknown>;
  /** The version the change was made on (If-Match). */
  version?: number;
  /** The Idempotency-Key the write was (perhaps) sent with already. */
  key?: string;
  /** A change: the record as the screen had it, shown changed until the server has it. */
  original?: Row | null;
}

/**
 * A write kept for the server (the data provider's, while the server does not answer): its entry
 * on disk before this returns, and the record as the screens will show it meanwhile (a record made
 * offline has a provisional id, a negative number, and `pending: true`).
 */
export function queueWrite(write: QueuedWrite): Promise<Row> {
  // One at a time: a second submission of the same form (a double click, Enter pressed twice)
  // finds the first one's entry written, and is that entry.
  const queued = queueing.then(() => queueOne(write));
  queueing = queued.catch(() => undefined);
  return queued;
}

let queueing: Promise<unknown> = Promise.resolve();

async function queueOne(write: QueuedWrite): Promise<Row> {
  const state = deviceState();
  // A page opened again holds no key: the lock asks the password (reader.ts keyNeeded). It said
  // "needs the server", with nothing offered, until a screen happened to read the device's copy.
  if (!state) throw keyNeeded(true);
  const landed = await landedMap(state);
  const entries = await waitingEntries(state);
  // The same submission again (its Idempotency-Key): kept once, as the server would answer it once.
  // Not a refused entry's key: a create corrected through "edit" is saved under it again.
  const same = write.key ? entries.find((e) => e.key === write.key && !e.problem) : undefined;
  if (same) return offlineOne(write.resource, same.method === 'POST' ? provisionalId(same.seq) : write.id!).then((row) => row as Row);
  const refOf = (resource: string, provisional: number) => entries.find((e) => e.method === 'POST' && e.resource === resource && provisionalId(e.seq) === provisional)?.clientRef;
  const landedId = (resource: string, provisional: number) => landed[`${resource}:${provisional}`]?.id;
  // A create names itself already (the data provider's client_ref): the same request, sent later.
  const { client_ref: named, ...fields } = write.body;
  const creating = write.id === undefined;
  // A record numbered by the server (a payment's receipt) gets the device's number meanwhile.
  if (creating) for (const [name, f] of Object.entries(resourceByName(write.resource).fields)) if (f.provisionalNumber) fields[name] = await nextProvisionalNumber();
  const { body, dependsOn } = dependenciesOf(relationsOf(write.resource), fields, refOf, landedId);
  let target: Target;
  let version = write.version;
  if (creating) target = { ref: typeof named === 'string' ? named : newIdempotencyKey() };
  else {
    const id = Number(write.id);
    const ref = id < 0 ? refOf(write.resource, id) : undefined;
    const done = id < 0 ? landed[`${write.resource}:${id}`] : undefined;
    if (id < 0 && !ref && !done) throw notAvailableOffline();
    target = ref ? { ref } : { id: done ? done.id : id };
    // A record made offline is changed on the version it lands with (rewriteLanded); the screen's
    // provisional row knows no server version.
    if (ref) version = undefined;
    else if (done) version = done.version;
  }
  // A change made without the record in hand (a one-click status move, a postponed booking): the
  // record as the device keeps it, so the screens keep showing all of it, changed.
  const original = creating ? null : (write.original ?? (await offlineOne(write.resource, write.id!).catch(() => null)));
  const entry: Omit<OutboxEntry, 'seq'> = {
    key: write.key ?? newIdempotencyKey(),
    userId: state.user.id,
    resource: write.resource,
    method: creating ? 'POST' : 'PATCH',
    target,
    ...(creating && 'ref' in target ? { clientRef: target.ref } : {}),
    ...(version !== undefined ? { version } : {}),
    body,
    enteredAt: new Date().toISOString(),
    dependsOn,
    // What a conflict compares: the changed fields as the record had them (conflicts.ts).
    ...(!creating && original && !('ref' in target) ? { base: pick(original, Object.keys(body)) } : {}),
  };
  const sealed = await sealEntry(state, entry);
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
  const seq = Number(await tx.store.add(sealed));
  await tx.done;
  await countEntries(state);
  const shown: Row = creating
    ? { ...fields, id: provisionalId(seq), client_ref: entry.clientRef, version: 0, pending: true }
    : { ...(original ?? {}), ...write.body, id: write.id, pending: true };
  await keepRow(state, write.resource, shown);
  return shown;
}

type Sent = { ok: true; record: Row } | { ok: false; problem: Problem } | { ok: false; stop: true };

/** One entry to the server, as its user, marked as entered offline on this device. */
async function sendEntry(entry: OutboxEntry, device: string): Promise<Sent> {
  const def = resourceByName(entry.resource);
  const headers: Record<string, string> = { 'Idempotency-Key': entry.key, 'X-Offline-Entered-At': entry.enteredAt, 'X-Device-Id': device };
  if (entry.version !== undefined) headers['If-Match'] = `"${entry.version}"`;
  const path = 'id' in entry.target ? `/${def.path}/${entry.target.id}` : `/${def.path}`;
  const body = entry.method === 'POST' ? { ...entry.body, client_ref: entry.clientRef } : entry.body;
  try {
    const answer = await api<{ data: Row }>(path, { method: entry.method, body, headers, quiet: true, timeoutMs: SEND_TIMEOUT_MS });
    return { ok: true, record: answer.data };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // No answer, the session gone, the server failing: the entry waits for the next round as it is.
    if (err.statusCode === 0 || err.statusCode === 401 || err.statusCode >= 500) return { ok: false, stop: true };
    return { ok: false, problem: { status: err.statusCode, message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...(err.current ? { current: err.current } : {}) } };
  }
}

export type Sender = (entry: OutboxEntry, device: string) => Promise<Sent>;

/**
 * The entries rewritten to every record known to have landed: what a round cut short between
 * noting a landing and rewriting its dependants left behind (saved again).
 */
async function withLanded(state: Unlocked, entries: OutboxEntry[], landed: Record<string, Landed>): Promise<OutboxEntry[]> {
  let current = entries;
  const changed = new Map<number, OutboxEntry>();
  for (const made of Object.values(landed)) {
    for (const e of rewriteLanded(current, made)) changed.set(e.seq, e);
    current = current.map((e) => changed.get(e.seq) ?? e);
  }
  if (changed.size) await saveEntries(state, [...changed.values()], []);
  return current;
}

/**
 * A refused entry: a stale change (412) to fields nobody else changed is re-applied on the
 * server's version (sent next) or, when the server holds it already, done; anything else waits
 * with its problem for the user (Sync problems).
 */
async function settleRefused(state: Unlocked, entry: OutboxEntry, problem: Problem): Promise<void> {
  const at = new Date().toISOString();
  if (problem.status === 412) {
    const settled = settleStale(entry, problem.current, at, newIdempotencyKey());
    if (settled.kind === 'reapplied') return saveEntries(state, [settled.entry], []);
    if (settled.kind === 'done') {
      await logSettled(state, entry, 'sent');
      await saveEntries(state, [], [entry.seq]);
      if (problem.current) await keepRow(state, entry.resource, problem.current);
      return;
    }
  }
  await saveEntries(state, [{ ...entry, problem, history: [...(entry.history ?? []), { at, what: 'refused', status: problem.status }] }], []);
}

/** Sends what waits, until nothing can go or the server stops answering; how many went. */
async function drain(state: Unlocked, send: Sender): Promise<number> {
  const device = await deviceId();
  const landed = await landedMap(state);
  let sent = 0;
  for (;;) {
    const entries = await withLanded(state, (await waitingEntries(state)).filter((e) => e.userId === state.user.id), landed);
    showCounts(entries);
    const entry = nextToSend(entries);
    if (!entry) return sent;
    const result = await send(entry, device);
    if ('stop' in result) return sent;
    if (!result.ok) {
      await settleRefused(state, entry, result.problem);
      continue;
    }
    sent++;
    if (entry.history?.length) await logSettled(state, entry, 'sent');
    const rest = entries.filter((e) => e.seq !== entry.seq);
    if (entry.method === 'POST' && entry.clientRef) {
      const made: Landed = { resource: entry.resource, ref: entry.clientRef, id: Number(result.record.id), version: Number(result.record.version) };
      landed[`${entry.resource}:${provisionalId(entry.seq)}`] = made;
      // Where it landed first, then the entries rewritten to it and this one gone, at once.
      await saveLanded(state, landed);
      await saveEntries(state, rewriteLanded(rest, made), [entry.seq]);
      await keepRow(state, entry.resource, result.record, provisionalId(entry.seq));
    } else {
      const id = 'id' in entry.target ? entry.target.id : Number(result.record.id);
      await saveEntries(state, rewriteSent(rest, { resource: entry.resource, id, from: entry.version, to: Number(result.record.version) }), [entry.seq]);
      await keepRow(state, entry.resource, result.record);
    }
  }
}

let round: Promise<number> | null = null;

/**
 * Sends the unlocked user's waiting entries from this tab if no other tab of the device is
 * sending (then nothing: that one sends). Not with an offline sign-in's session: the server knows
 * none, the user signs in again first. How many went.
 */
export function sendWaiting(send: Sender = sendEntry): Promise<number> {
  const state = deviceState();
  if (state) void countEntries(state).catch(() => undefined);
  if (!state || !getSession().token || isOfflineToken(getSession().token)) return Promise.resolve(0);
  round ??= (async () => {
    try {
      if (!('locks' in navigator)) return await drain(state, send);
      return await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? drain(state, send) : 0));
    } finally {
      round = null;
    }
  })();
  return round;
}
