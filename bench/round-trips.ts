// Round trips to PostgreSQL, counted from outside the server: a TCP relay between the server and
// the database. A round trip is a turn: the server writing to a connection after the database
// last wrote to it (so it waited for an answer); statements written together (pipelined) are one.
// Beside it, the database's ReadyForQuery messages (one ends every simple query and every
// extended-protocol Sync: statements answered). Nothing in the server changes for it; the bench
// sends one kind of request at a time and reads the counts.
import net from 'node:net';

export interface CountingRelay {
  /** The port it listens on (the one asked for, or the system's choice for 0). */
  port: number;
  /** Round trips (turns) so far, over every connection. */
  count(): number;
  /** Statements answered (ReadyForQuery) so far, over every connection. */
  answered(): number;
  /** The statements sent since the last call (simple queries and parsed ones), when `keepSql`. */
  statements(): string[];
  close(): Promise<void>;
}

/** Counts typed messages of kind 'Z' in a server-to-client stream (after the startup's untyped request). */
function readyCounter(onReady: () => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    while (pending.length - at >= 5) {
      const length = pending.readInt32BE(at + 1);
      if (pending.length - at < 1 + length) break;
      if (pending[at] === 0x5a) onReady();
      at += 1 + length;
    }
    pending = pending.subarray(at);
  };
}

/** The SQL of a client's Query ('Q') and Parse ('P') messages, after the untyped startup message. */
function sqlReader(onSql: (text: string) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    if (!started) {
      if (pending.length < 4 || pending.length < pending.readInt32BE(0)) return;
      at = pending.readInt32BE(0);
      started = true;
    }
    while (pending.length - at >= 5) {
      const length = pending.readInt32BE(at + 1);
      if (pending.length - at < 1 + length) break;
      const body = pending.subarray(at + 5, at + 1 + length);
      if (pending[at] === 0x51) onSql(body.toString('utf8', 0, body.indexOf(0)));
      if (pending[at] === 0x50) {
        const name = body.indexOf(0);
        onSql(body.toString('utf8', name + 1, body.indexOf(0, name + 1)));
      }
      at += 1 + length;
    }
    pending = pending.subarray(at);
  };
}

/** Listens on `port` (127.0.0.1; 0: any free one) and relays to the database at `target`; `keepSql`: keeps the statements sent. */
export async function countingRelay(target: { host: string; port: number }, port: number, keepSql = false): Promise<CountingRelay> {
  let ready = 0;
  let turns = 0;
  let sent: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    // The first answer to a connection's startup is a ReadyForQuery too: not a request's round trip.
    let first = true;
    const count = readyCounter(() => {
      if (first) first = false;
      else ready++;
    });
    const read = sqlReader((text) => sent.push(text));
    // The startup exchange is not a request's: turns count from the first ReadyForQuery.
    let waiting = false;
    client.on('data', (chunk: Buffer) => {
      if (keepSql) read(chunk);
      if (waiting && !first) turns++;
      waiting = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      count(chunk);
      waiting = true;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => turns,
    answered: () => ready,
    statements: () => {
      const out = sent;
      sent = [];
      return out;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
