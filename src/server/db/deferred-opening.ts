// A transaction's opening (BEGIN, the clinic's settings, the access epoch's check) sent in the same
// write as the transaction's first statement, on PostgreSQL: the connection is in pg's pipeline
// mode (a query is written without waiting for the one before), and the opening is held back
// until the next query of its connection, then written just before it. PostgreSQL runs the two in
// order, so the first statement still runs inside the transaction, under its role and clinic; if
// the opening fails (the access epoch moved), the statement fails too, and the caller is given the
// opening's error. One round trip fewer per transaction (scope.ts).
import type pg from 'pg';

/** A query text starting so is an opening to hold back (the rest is what to send). */
export const DEFERRED = '/* sent with the next statement */ ';

/** What an opening held back answers: the outcome of its sending, once the next query goes. */
export interface HeldOpening {
  outcome: Promise<void>;
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

const holders = new WeakMap<object, { drop(): void }>();

/**
 * Makes `client` hold back openings (DEFERRED) until its next query; the client must be in
 * pipeline mode. An opening never sent is dropped when the client goes back to the pool
 * (`droppedOnRelease`): no transaction began, and the next user must not start one.
 */
export function holdOpenings(client: pg.PoolClient): void {
  const send = client.query.bind(client) as Query;
  let held: { text: string; settle: (sent: Promise<unknown>) => void } | null = null;
  const query: Query = (text, values) => {
    if (typeof text !== 'string') return send(text, values);
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
    if (!held) return send(text, values);
    const opening = held;
    held = null;
    // Both written now, in this order: pipeline mode does not wait for the first's answer.
    const first = send(opening.text);
    const second = send(text, values);
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
  holders.set(client, { drop: () => (held = null) });
}

/** On the pool's 'release': an opening the client still holds is dropped, never sent. */
export function droppedOnRelease(client: object): void {
  holders.get(client)?.drop();
}
