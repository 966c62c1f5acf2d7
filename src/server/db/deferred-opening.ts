// A transaction's opening (BEGIN, the clinic's settings, the access epoch's check) sent in the same
// write as the transaction's first statement, on PostgreSQL: the connection is in pg's pipeline
// mode (a query is written without waiting for the one before), and the opening is held back
// until the next query of its connection, then written just before it. PostgreSQL runs the two in
// order, so the first statement still runs inside the transaction, under its role and clinic; if
// the opening fails (the access epoch moved), the statement fails too, and the caller is given the
// opening's error. One round trip fewer per transaction (scope.ts).
// A statement marked as its transaction's last (LAST: a read whose answer needs nothing more) has
// the COMMIT written right behind it, in the same write: a one-statement read is then one write
// and one round trip (opening, statement, COMMIT). The COMMIT the transaction then sends is
// answered by that one; any other statement before it is refused (it would run outside the
// transaction, without its role and clinic). The opening, the LAST statement and its COMMIT go
// as one extended-protocol batch with a single Sync (one-sync.ts): PostgreSQL answers all three
// in one write, and the statement's columns are described on its connection's first run only.
// A LAST statement is also a named prepared statement of its connection (at most NAMED_MAX per
// connection): PostgreSQL parses, rewrites and (once a generic plan serves) plans it once, not per
// request, which was most of a small read's database time. Row-level security stays exact: its
// predicates read the clinic from current_setting when the plan runs, and PostgreSQL rewrites a
// cached statement again when the role it was rewritten under differs; a schema change
// invalidates its plans.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Described, OneSync, Step, Wire } from './one-sync';

/** A query text starting so is an opening to hold back (the rest is what to send). */
export const DEFERRED = '/* sent with the next statement */ ';
/** A query text starting so is its transaction's last statement: its COMMIT goes with it. */
export const LAST = '/* and commit */ ';

/** What an opening held back answers: the outcome of its sending, once the next query goes. */
export interface HeldOpening {
  outcome: Promise<void>;
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

const holders = new WeakMap<object, { drop(): void }>();

const isCommand = (text: string, command: string) => text.length < 12 && text.trim().toLowerCase() === command;

/** Named statements a connection keeps at most (beyond them, statements go unnamed): each holds its plans in its backend. */
export const NAMED_MAX = 200;
/** Statement names by text, process-wide (the same text has the same name on every connection). */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    // Past many distinct texts (a shape per filter set and sort), the oldest names are forgotten
    // here; a connection that prepared one keeps it under its name.
    if (names.size >= 10_000) names.clear();
    name = `r${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** The opening's text as its statements: 'begin' and, when it sets anything, the select after it. */
function openingSteps(text: string): string[] {
  const split = text.indexOf('; ');
  return split < 0 ? [text] : [text.slice(0, split), text.slice(split + 2)];
}

/**
 * Makes `client` hold back openings (DEFERRED) until its next query, and write a LAST statement's
 * COMMIT with it; the client must be in pipeline mode. An opening never sent is dropped when the
 * client goes back to the pool (`droppedOnRelease`): no transaction began, and the next user must
 * not start one. `wire`: pg's type parsers and value mapping, for the LAST statement's batch.
 */
export function holdOpenings(client: pg.PoolClient, wire: Wire): void {
  const send = client.query.bind(client) as Query;
  const submit = client.query.bind(client) as unknown as (batch: OneSync) => void;
  // Queries sent between cork and uncork leave in one write (pg corks each extended query alone).
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  let held: { text: string; settle: (sent: Promise<unknown>) => void } | null = null;
  let committed: Promise<pg.QueryResult> | null = null;
  // The statements this connection has prepared, with their columns as described once.
  const prepared = new Map<string, Described>();
  /** The opening (if held), the statement and COMMIT in one batch with one Sync (one-sync.ts). */
  const sendLast = (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
    const opening = held;
    held = null;
    const steps: Step[] = (opening ? openingSteps(opening.text) : []).map((t) => ({ text: t, values: [], name: '', parse: true }));
    let name = nameOf(text);
    const known = prepared.get(name);
    // Past NAMED_MAX statements on this connection, unnamed: parsed and described every time.
    if (!known && prepared.size >= NAMED_MAX) name = '';
    const at = steps.length;
    steps.push({ text, values, name, parse: !known, rows: known ?? true });
    steps.push({ text: 'commit', values: [], name: '', parse: true });
    const batch = new wire.Batch(wire, steps, (failedAt, described) => {
      const fresh = described[at];
      if (name && fresh && (failedAt === null || failedAt > at)) prepared.set(name, fresh);
      // A failure inside the transaction leaves it open and aborted: its COMMIT and ROLLBACK go
      // to PostgreSQL (which answers COMMIT with ROLLBACK), and nothing else runs in it. A failed
      // BEGIN began nothing: the batch's COMMIT (refused) stays the answer.
      const began = !opening || failedAt === null || failedAt > 0;
      if (failedAt !== null && failedAt < steps.length - 1 && began && committed === commit) committed = null;
    });
    const commit = batch.results[steps.length - 1];
    // Read by the transaction's COMMIT; a failure here is also the statement's own.
    commit.catch(() => undefined);
    committed = commit;
    stream?.cork?.();
    try {
      submit(batch);
    } finally {
      stream?.uncork?.();
    }
    if (!opening) return batch.results[at];
    const openingDone = Promise.all(batch.results.slice(0, at));
    opening.settle(openingDone);
    return batch.results[at];
  };
  const query: Query = (text, values) => {
    if (typeof text !== 'string') return send(text, values);
    if (committed) {
      // The COMMIT written with the last statement answers the transaction's own.
      const sent = committed;
      if (isCommand(text, 'commit')) {
        committed = null;
        return sent;
      }
      // Ending the transaction after a failure: it is over already (ROLLBACK warns only).
      if (isCommand(text, 'rollback')) committed = null;
      else return Promise.reject(new Error('a statement after its transaction\'s last one (it would run outside the transaction)'));
    }
    if (text.startsWith(DEFERRED)) {
      let settle!: (sent: Promise<unknown>) => void;
      const outcome = new Promise<void>((resolve, reject) => {
        settle = (sent) => sent.then(() => resolve(), reject);
      });
      // Its error is the caller's to read (and is also the next query's).
      outcome.catch(() => undefined);
      held = { text: text.slice(DEFERRED.length), settle };
      const answer: HeldOpening = { outcome };
      return Promise.resolve({ command: 'DEFERRED', rowCount: 0, rows: [answer], fields: [], oid: 0 } as pg.QueryResult);
    }
    if (text.startsWith(LAST)) return sendLast(text, values);
    if (!held) return send(text, values);
    const opening = held;
    held = null;
    // Written together, in this order: pipeline mode does not wait for one answer to send the next.
    stream?.cork?.();
    let first: Promise<pg.QueryResult>;
    let second: Promise<pg.QueryResult>;
    try {
      first = send(opening.text);
      second = send(text, values);
    } finally {
      stream?.uncork?.();
    }
    opening.settle(first);
    return first.then(
      () => second,
      (err: unknown) => {
        second.catch(() => undefined);
        throw err;
      },
    );
  };
  (client as unknown as { query: Query }).query = query;
  holders.set(client, {
    drop: () => {
      held = null;
      committed = null;
    },
  });
}

/** On the pool's 'release': an opening the client still holds is dropped, never sent. */
export function droppedOnRelease(client: object): void {
  holders.get(client)?.drop();
}
