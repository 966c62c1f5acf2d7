// A real server on a real database for API tests: PGlite in memory, or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set. Requests go through Fastify's inject (full HTTP stack
// without a socket). The clock can be moved to test expiries.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { CodeMailer } from '../../src/server/auth/mailer';
import type { ThrottlePolicy } from '../../src/server/auth/throttle';
import { loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/index';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { prepareDatabase } from '../../src/server/start';
import { fittingTemplate, loadPglite, loadPgliteOnDisk } from './template-db';

export const PASSWORD = DEMO_PASSWORD;
export const CENTRAL = 'localhost';
export const DEMO = 'demo.localhost';

export interface Reply {
  status: number;
  raw: Buffer;
  body: Record<string, unknown> & { data?: unknown; message?: string; errors?: Record<string, string[]> };
  headers: Record<string, unknown>;
}

export interface CallOptions {
  host?: string;
  token?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  lang?: string;
  contentType?: string;
  ip?: string;
  /** More request headers (If-Match, Idempotency-Key...). */
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's data folder (uploaded files under uploads/). */
  dataDir: string;
  /** The PostgreSQL database of this test file (null on the in-memory PGlite one). */
  databaseUrl: string | null;
  /** Codes the recovery flow "sent", by username. */
  codes: Map<string, string>;
  advance(ms: number): void;
  call(method: string, url: string, options?: CallOptions): Promise<Reply>;
  login(host: string, username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** An empty database, or a copy of `template` (a database nobody is connected to). */
export async function freshPostgres(url: string, template?: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = `clinic_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    databaseUrl: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * `onDisk`: the embedded database in the test's data folder, not in memory (to look at its files).
 * `beside`: a second server process on that app's PostgreSQL database (its own pool, cache and
 * notices; same data folder and master key), closed without touching the database.
 * `env`: the server's environment (SMTP_URL, WHATSAPP_URL...), read as `npm start` reads it.
 * `via`: with `beside`, another address of that database (a relay counting round trips).
 * `logs`: the server's log records are pushed there (no log without it).
 */
export async function startTestApp(options: { throttle?: ThrottlePolicy; onDisk?: boolean; beside?: TestApp; env?: NodeJS.ProcessEnv; via?: string; logs?: Record<string, unknown>[] } = {}): Promise<TestApp> {
  const beside = options.beside;
  if (beside && !beside.databaseUrl) throw new Error('a second server needs PostgreSQL: the embedded database belongs to one process');
  const pgUrl = process.env.TEST_DATABASE_URL;
  // The run's migrated and seeded database (tests/api/template-db.ts), when it is what
  // prepareDatabase would make here; otherwise each file prepares its own as before.
  const template = beside ? null : fittingTemplate(inject('apiTemplate'));
  const target = beside ? null : pgUrl ? await freshPostgres(pgUrl, template?.postgresTemplate ?? undefined) : null;
  // Uploaded files (and the master key) go to a folder of this test file's own, removed at the end.
  const dataDir = beside ? beside.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-test-'));
  const dbDir = options.onDisk ? path.join(dataDir, 'db') : 'memory://';
  let db: Db;
  if (beside) db = await openDatabase({ databaseUrl: options.via ?? beside.databaseUrl! });
  else {
    if (target && template?.postgresTemplate) db = await openDatabase({ databaseUrl: target.databaseUrl });
    else if (!target && template?.pgliteDump) db = options.onDisk ? await loadPgliteOnDisk(template.pgliteDump, dbDir) : await loadPglite(template.pgliteDump);
    else db = (await prepareDatabase({ databaseUrl: target?.databaseUrl, dataDir: dbDir, seedDemo: 'always' })).db;
    // Generous plans, so tests can add staff and visits freely; limit tests set their own limits.
    await db.kysely.updateTable('plans').set({ max_users: 1000, max_visitings: 100_000 }).execute();
  }
  let offset = 0;
  const codes = new Map<string, string>();
  const mailer: CodeMailer = {
    async sendCode(to, code) {
      codes.set(to.username, code);
    },
  };
  const config = { ...loadConfig(options.env ?? {}), clientDir: '/nonexistent', dataDir };
  const app = await buildApp({
    db,
    config,
    clock: () => new Date(Date.now() + offset),
    logger: !!options.logs,
    logStream: options.logs && { write: (line: string) => void options.logs!.push(JSON.parse(line) as Record<string, unknown>) },
    mailer,
    throttle: options.throttle ?? { windowMinutes: 15, maxPerAccountFromAddress: 5, maxPerAddress: 1000 },
  });
  await app.ready();

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { host: o.host ?? CENTRAL, 'accept-language': o.lang ?? 'en' };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload: string | Buffer | undefined;
    if (o.rawBody !== undefined) payload = o.rawBody;
    else if (o.body !== undefined) payload = JSON.stringify(o.body);
    if (payload !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
    Object.assign(headers, o.headers);
    const res = await app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers, payload, remoteAddress: o.ip ?? '127.0.0.1' });
    let body: Reply['body'] = {};
    if (res.body) {
      try {
        body = JSON.parse(res.body);
      } catch {
        body = { raw: res.body };
      }
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
  };

  const tokens = new Map<string, string>();
  const login: TestApp['login'] = async (host, username, password = PASSWORD) => {
    const key = `${host}/${username}/${password}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const path = host === CENTRAL ? '/auth/login' : '/auth/tenant/login';
    const res = await call('POST', path, { host, body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username}@${host} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const token = String(res.body.token);
    tokens.set(key, token);
    return token;
  };

  return {
    app,
    db,
    dataDir,
    databaseUrl: beside ? beside.databaseUrl : (target?.databaseUrl ?? null),
    codes,
    advance: (ms) => {
      offset += ms;
    },
    call,
    login,
    close: async () => {
      await app.close();
      await db.close();
      if (beside) return;
      await target?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
