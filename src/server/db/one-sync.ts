// Several statements of one transaction written as one extended-protocol batch ending in a single
// Sync: PostgreSQL runs them in order and answers them all in one write at the Sync (it flushes its
// output there), instead of once per statement. A read's BEGIN, its clinic's settings, its page and
// its COMMIT were three answers (two simple queries and one Sync each), so three sends from the
// backend and up to three wake-ups and reads of the server; now one of each.
// After an error PostgreSQL skips every message up to the Sync: the failing statement and all those
// after it are refused with that error, the earlier ones keep their answers.
// A statement described once (its columns and their types) is not described again on its
// connection: a prepared statement's columns cannot change (PostgreSQL refuses to run it with
// "cached plan must not change result type"), so its RowDescription is read once and its rows are
// parsed by the parsers chosen then.
import type pg from 'pg';

/** What the batch needs of pg's connection (pg.Connection, not in the typings). */
export interface WireConnection {
  parse(query: { text: string; name: string; types?: number[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  close(msg: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(msg: string): void;
  stream: { cork?(): void; uncork?(): void };
}

/** A statement's columns as described once: names and the type parser of each. */
export interface Described {
  fields: pg.FieldDef[];
  names: string[];
  parsers: ((text: string) => unknown)[];
}

export interface Step {
  text: string;
  values: unknown[];
  /** The prepared statement's name ('' unnamed). */
  name: string;
  /** Parse it first (an unnamed statement always; a named one on its connection's first use). */
  parse: boolean;
  /** Rows wanted: described now (`true`), or known from an earlier describe. Absent: rows ignored (the opening's). */
  rows?: true | Described;
}

interface Outcome {
  resolve(result: pg.QueryResult): void;
  reject(err: unknown): void;
}

/** The type parsers (pg.types) and pg's value mapping for Bind (pg/lib/utils prepareValue). */
export interface Wire {
  parser(oid: number): (text: string) => unknown;
  prepareValue(value: unknown): unknown;
  /** The batch's class, made on pg's Query (`oneSyncClass`). */
  Batch: OneSyncClass;
}

/** pg's Query as a base: pg's client in pipeline mode takes no other kind of submittable. */
type QueryBase = new (text: string) => object;

export interface OneSync {
  readonly results: Promise<pg.QueryResult>[];
}
export type OneSyncClass = new (wire: Wire, steps: readonly Step[], done: (failedAt: number | null, described: readonly (Described | null)[]) => void) => OneSync;

export function describe(wire: Wire, fields: pg.FieldDef[]): Described {
  return { fields, names: fields.map((f) => f.name), parsers: fields.map((f) => wire.parser(f.dataTypeID)) };
}

/** 'SELECT 3' -> SELECT, 3; 'INSERT 0 1' -> INSERT, 1; 'BEGIN' -> BEGIN, null. */
function commandOf(text: string): { command: string; rowCount: number | null } {
  const parts = text.split(' ');
  const count = parts.length > 1 ? Number(parts[parts.length - 1]) : NaN;
  return { command: parts[0], rowCount: Number.isInteger(count) ? count : null };
}

/**
 * A pg submittable (client.query(batch)) on pg's Query: the client hands it each message of its
 * answer. Each step's result is its own promise (`results`); `done(failedAt)` says how it ended
 * (null: all ran).
 */
export function oneSyncClass(Query: QueryBase): OneSyncClass {
  return class Batch extends Query implements OneSync {
    readonly results: Promise<pg.QueryResult>[];
    readonly outcomes: Outcome[] = [];
    at = 0;
    described: Described | null = null;
    found: Record<string, unknown>[] = [];
    settled = false;
    /** What each step was described as in this batch (handed to `done`, to be kept by name). */
    readonly seen: (Described | null)[];

    constructor(
      readonly wire: Wire,
      readonly steps: readonly Step[],
      readonly done: (failedAt: number | null, described: readonly (Described | null)[]) => void,
    ) {
      // A text, not a config: pg copies a config object property by property.
      super('');
      this.results = steps.map(
        () =>
          new Promise<pg.QueryResult>((resolve, reject) => {
            this.outcomes.push({ resolve, reject });
          }),
      );
      this.seen = steps.map(() => null);
      this.start();
    }

    start(): void {
      const step = this.steps[this.at];
      this.found = [];
      this.described = step && step.rows && step.rows !== true ? step.rows : null;
    }

    submit(connection: WireConnection): null {
      connection.stream.cork?.();
      try {
        for (const step of this.steps) {
          if (step.parse) {
            // A name this connection may hold from a batch that failed: closing a missing one is no error.
            if (step.name) connection.close({ type: 'S', name: step.name });
            connection.parse({ text: step.text, name: step.name });
          }
          connection.bind({ portal: '', statement: step.name, values: step.values, valueMapper: this.wire.prepareValue });
          if (step.rows === true) connection.describe({ type: 'P', name: '' });
          connection.execute({ portal: '' });
        }
        connection.sync();
      } finally {
        connection.stream.uncork?.();
      }
      return null;
    }

    handleRowDescription(msg: { fields: pg.FieldDef[] }): void {
      this.described = describe(this.wire, msg.fields);
      this.seen[this.at] = this.described;
    }

    handleDataRow(msg: { fields: (string | null)[] }): void {
      const d = this.described;
      if (!d) return;
      const row: Record<string, unknown> = {};
      const values = msg.fields;
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        row[d.names[i]] = v === null ? null : d.parsers[i](v);
      }
      this.found.push(row);
    }

    handleCommandComplete(msg: { text: string }): void {
      const { command, rowCount } = commandOf(msg.text);
      this.complete({ command, rowCount, rows: this.found, fields: this.described?.fields ?? [], oid: 0 } as pg.QueryResult);
    }

    handleEmptyQuery(): void {
      this.complete({ command: '', rowCount: null, rows: [], fields: [], oid: 0 } as unknown as pg.QueryResult);
    }

    complete(result: pg.QueryResult): void {
      this.outcomes[this.at]?.resolve(result);
      this.at++;
      this.start();
    }

    handleError(err: unknown): void {
      if (this.settled) return;
      this.settled = true;
      const failedAt = this.at;
      this.done(failedAt, this.seen);
      // The failing statement and every one after it (PostgreSQL skipped them).
      for (let i = failedAt; i < this.outcomes.length; i++) this.outcomes[i].reject(err);
    }

    handleReadyForQuery(): void {
      if (this.settled) return;
      if (this.at < this.steps.length) {
        this.handleError(new Error('a batch answered before all its statements'));
        return;
      }
      this.settled = true;
      this.done(null, this.seen);
    }

    handlePortalSuspended(): void {
      // Never asked for (no row limit on Execute).
    }

    handleCopyInResponse(connection: WireConnection): void {
      connection.sendCopyFail('No source stream defined');
    }

    handleCopyData(): void {
      // No COPY in a batch.
    }
  }
}
