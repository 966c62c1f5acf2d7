// The database every API test starts from, made once per run (tests/api/global-setup.ts) instead of
// once per test file: migrations, permission catalogue and demo seed are the same for every file, and
// running them was most of a file's start. On PostgreSQL it is a template database that each test's
// database is created from; on PGlite a dump of the prepared data folder that each test loads.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Db, openDatabase, openPglite } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { isEmpty, seedDemo } from '../../src/server/db/seed';
import { syncPermissions } from '../../resources/users/permissions';
import { prepareDatabase } from '../../src/server/start';

export interface ApiTemplate {
  /** Hash of the sources it was made from: a test process that reads other sources prepares its own. */
  sources: string;
  /** The local day it was seeded on: the demo seed places appointments around today. */
  day: string;
  /** PGlite: the prepared data folder, as the tar file PGlite dumps and loads. */
  pgliteDump: string | null;
  /** PostgreSQL: the template database, on the server of TEST_DATABASE_URL. */
  postgresTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate | null;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Everything migrations, permission catalogue and seed are made of (server, shared code, resource
 * declarations, locked dependency versions). Wider than their imports, so nothing they read is
 * missed; an unrelated change only costs one rebuild.
 */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) hash.update(`${path.relative(ROOT, full)}\0`).update(fs.readFileSync(full));
    }
  };
  for (const dir of ['src/server', 'src/shared', 'resources']) walk(path.join(ROOT, dir));
  hash.update(fs.readFileSync(path.join(ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Local day, as the seed's "today" (dayjs startOf('day') in local time). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** An in-memory embedded database loaded from the run's prepared data folder. */
export async function loadPglite(dump: string): Promise<Db> {
  return (await openPglite('memory://', new Blob([fs.readFileSync(dump)]))).db;
}

/** The prepared data folder written into `dataDir` (as openDatabase lays it out), then opened by openDatabase. */
export async function loadPgliteOnDisk(dump: string, dataDir: string): Promise<Db> {
  const location = path.join(dataDir, 'pgdata');
  fs.mkdirSync(location, { recursive: true });
  await (await openPglite(location, new Blob([fs.readFileSync(dump)]))).db.close();
  return openDatabase({ dataDir });
}

/** What prepareDatabase does with `seedDemo: 'always'`, on an embedded database whose data folder can then be dumped. */
async function buildPgliteDump(file: string): Promise<void> {
  const { db, pglite } = await openPglite('memory://');
  try {
    await migrate(db);
    await syncPermissions(db.kysely);
    if (await isEmpty(db.kysely)) await seedDemo(db.kysely);
    // Without a checkpoint the loaded copy replays the log, and a sequence comes back 32 values
    // ahead (as after a crash): new rows would get other ids than on a prepared database.
    await pglite.exec('checkpoint');
    // Uncompressed: loading skips the gunzip (about 50 MB of temporary file, removed after the run).
    const tar = await pglite.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A database prepared by prepareDatabase itself, then closed to connections: CREATE DATABASE ...
 * TEMPLATE refuses a template anyone is connected to, so nobody may connect to it again. Its name
 * carries the sources' hash (to tell what it was made from) and a random part, since other runs on
 * the same server may make their own at the same time.
 */
async function buildPostgresTemplate(serverUrl: string, sources: string): Promise<string> {
  const name = `clinic_template_${sources}_${randomBytes(3).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  try {
    const { db } = await prepareDatabase({ databaseUrl: databaseUrl(serverUrl, name), dataDir: 'unused', seedDemo: 'always' });
    await db.close();
    await admin(serverUrl, (c) => c.query(`alter database ${name} with is_template true allow_connections false`));
  } catch (err) {
    await dropTemplate(serverUrl, name);
    throw err;
  }
  return name;
}

export async function dropTemplate(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, async (c) => {
    // A template database cannot be dropped.
    await c.query(`alter database ${name} with is_template false`).catch(() => undefined);
    await c.query(`drop database if exists ${name} with (force)`);
  });
}

/** Makes the run's template: a PostgreSQL template database when `serverUrl` is given, else a PGlite dump. */
export async function buildTemplate(serverUrl: string | undefined): Promise<ApiTemplate> {
  const sources = sourcesHash();
  const day = today();
  if (serverUrl) return { sources, day, pgliteDump: null, postgresTemplate: await buildPostgresTemplate(serverUrl, sources) };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-template-')), `${sources}.tar`);
  await buildPgliteDump(file);
  return { sources, day, pgliteDump: file, postgresTemplate: null };
}

export async function removeTemplate(template: ApiTemplate, serverUrl: string | undefined): Promise<void> {
  if (template.pgliteDump) fs.rmSync(path.dirname(template.pgliteDump), { recursive: true, force: true });
  if (template.postgresTemplate && serverUrl) await dropTemplate(serverUrl, template.postgresTemplate);
}

let checked: { template: ApiTemplate; fits: boolean } | undefined;

/**
 * The run's template when it is what this test process would prepare itself: same sources (one
 * edited during the run is taken into account by preparing as before) and same day. Null otherwise,
 * and outside a run whose global setup made one.
 */
export function fittingTemplate(template: ApiTemplate | null | undefined): ApiTemplate | null {
  if (!template) return null;
  if (checked?.template !== template) checked = { template, fits: template.sources === sourcesHash() };
  return checked.fits && template.day === today() ? template : null;
}
