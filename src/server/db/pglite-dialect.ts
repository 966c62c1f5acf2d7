// Kysely dialect for PGlite. Kysely ships one from 0.29, which requires Node 22; the machines and
// CI run Node 20, so the project stays on 0.28 and carries this small port of it (MIT, Kysely).
// PGlite has one connection: a mutex hands it to one query or transaction at a time, and a
// transaction runs inside PGlite's own exclusive transaction so LISTEN and other direct calls wait.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

class PGliteAdapter extends PostgresAdapter {
  // The migrator holds the only connection from lock to unlock: nothing else can interleave.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }
  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #tx: Transaction | undefined;
  #finish: ((commit: boolean) => void) | undefined;
  #closed: Promise<void> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.#tx ?? this.#pglite).query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    return { numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined, rows: rows ?? [] };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  async begin(): Promise<void> {
    let begun: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const decided = new Promise<boolean>((resolve) => {
      this.#finish = resolve;
    });
    this.#closed = this.#pglite.transaction(async (tx) => {
      this.#tx = tx;
      begun();
      if (!(await decided)) await tx.rollback();
    });
    await started;
  }

  async end(commit: boolean): Promise<void> {
    this.#finish?.(commit);
    try {
      if (commit) await this.#closed;
      else await this.#closed?.catch(() => {});
    } finally {
      this.#tx = undefined;
      this.#finish = undefined;
      this.#closed = undefined;
    }
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new Mutex();
  #connection: PGliteConnection | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    if (!this.#connection) throw new Error('PGlite driver used before init');
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdent(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;
  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }
  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
