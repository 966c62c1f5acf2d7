// What the user does with an entry the server refused (issue 37 item 4; the Sync problems
// screen, pages/clinic/SyncProblems.tsx): "apply mine" sends it again on the server's version,
// "keep theirs" drops it and shows the record as the server holds it, "edit" opens the record's
// form with what was entered (draftOf), whose save settles the entry (settleEdited). Nothing is
// dropped but by these.
import { resourceByName } from '../../../resources/index';
import { ApiError, api, newIdempotencyKey } from '../providers/http';
import { type Unlocked, deviceState } from './device';
import { notAvailableOffline } from './reader';
import { applyRows } from './store';
import { rowsChanged } from './sync';
import { applyMine } from './conflicts';
import { countEntries, keepRow, landedMap, logSettled, saveEntries, saveLanded, sendWaiting, settledLog, waitingEntries } from './outbox';
import { type Landed, type OutboxEntry, provisionalId, rewriteLanded } from './outboxPlan';

type Row = Record<string, unknown>;

function unlocked(): Unlocked {
  const state = deviceState();
  if (!state) throw notAvailableOffline();
  return state;
}

async function mine(state: Unlocked): Promise<OutboxEntry[]> {
  return (await waitingEntries(state)).filter((e) => e.userId === state.user.id);
}

/** The signed-in user's refused entries, oldest first. */
export async function problemEntries(): Promise<OutboxEntry[]> {
  return (await mine(unlocked())).filter((e) => e.problem);
}

/** The user's entries settled on this device, newest first (what was re-applied, kept, edited). */
export async function settledEntries() {
  return settledLog(unlocked());
}

/** One of the user's entries by its key (the form opened by "edit"), or null once settled. */
export async function draftOf(key: string): Promise<OutboxEntry | null> {
  return (await mine(unlocked())).find((e) => e.key === key) ?? null;
}

async function entryOf(state: Unlocked, key: string): Promise<OutboxEntry> {
  const entry = (await mine(state)).find((e) => e.key === key);
  if (!entry) throw new Error('This change was settled already');
  return entry;
}

/**
 * The record as the server holds it now: what the refusal brought (a 412's), else asked for (a
 * 409's or 422's); null for a create, a record the server no longer answers, or no answer.
 */
export async function currentOf(entry: OutboxEntry): Promise<Row | null> {
  if (entry.problem?.current) return entry.problem.current;
  if (!('id' in entry.target)) return null;
  try {
    return (await api<{ data: Row }>(`/${resourceByName(entry.resource).path}/${entry.target.id}`, { quiet: true })).data;
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/** "Apply mine": sent again, now, on the version the server holds. */
export async function applyMineNow(key: string): Promise<void> {
  const state = unlocked();
  const entry = await entryOf(state, key);
  const current = entry.method === 'PATCH' ? await currentOf(entry) : null;
  await saveEntries(state, [applyMine(entry, current ?? undefined, new Date().toISOString(), newIdempotencyKey())], []);
  await countEntries(state);
  await sendWaiting();
}

/** "Keep theirs": the entry dropped; the device shows the record as the server holds it. */
export async function keepTheirs(key: string): Promise<void> {
  const state = unlocked();
  const entry = await entryOf(state, key);
  const current = entry.method === 'PATCH' ? await currentOf(entry) : null;
  await logSettled(state, entry, 'keepTheirs');
  await saveEntries(state, [], [entry.seq]);
  if (current) await keepRow(state, entry.resource, current);
  // A create refused: its provisional record goes from the screens.
  if (entry.method === 'POST') {
    await applyRows([], [{ uid: state.uid, resource: entry.resource, id: provisionalId(entry.seq) }]);
    rowsChanged();
  }
  await countEntries(state);
  await sendWaiting();
}

/**
 * "Edit" saved: the form sent the entered values as corrected (on the server's version), or kept
 * them anew when the server does not answer (`answer.pending`). The refused entry goes; a create
 * that landed so rewrites what waited on it, as a landing from the outbox does.
 */
export async function settleEdited(key: string, answer: Row): Promise<void> {
  const state = unlocked();
  const entry = await entryOf(state, key);
  const rest = (await mine(state)).filter((e) => e.seq !== entry.seq);
  await logSettled(state, entry, 'edited');
  if (entry.method === 'POST' && entry.clientRef && !answer.pending) {
    const landed = await landedMap(state);
    const made: Landed = { resource: entry.resource, ref: entry.clientRef, id: Number(answer.id), version: Number(answer.version) };
    landed[`${entry.resource}:${provisionalId(entry.seq)}`] = made;
    await saveLanded(state, landed);
    await saveEntries(state, rewriteLanded(rest, made), [entry.seq]);
  } else {
    await saveEntries(state, [], [entry.seq]);
  }
  if (entry.method === 'POST' && Number(answer.id) !== provisionalId(entry.seq)) {
    await applyRows([], [{ uid: state.uid, resource: entry.resource, id: provisionalId(entry.seq) }]);
    rowsChanged();
  }
  await countEntries(state);
  await sendWaiting();
}
