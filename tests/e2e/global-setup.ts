// Builds the client (unless the last build is current) and the server bundle (what `npm start`
// runs), hands out a free port and a data folder per worker of the project, and starts the real
// servers there in the background (demo data seeded once and copied), stopping them afterwards.
// A test file waits for its worker's server (tests/e2e/setup.ts) and talks to it only
// (tests/e2e/browser.ts): files running side by side share no data, and each server sees its files
// one after another.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { recordSetup } from '../timings';
import { buildClient } from '../../scripts/client-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, by VITEST_POOL_ID - 1. */
    e2ePorts: number[];
    /** Each server's log (recovery codes are written there when no SMTP is set). */
    e2eLogs: string[];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not answer on port ${port} within ${timeoutMs} ms`);
}

/**
 * What the server said was slow during the run (requests over 3 s, stalls of its thread): printed at
 * the end, so a browser test that timed out can be matched with the server's side.
 */
function reportSlowness(logFile: string): void {
  const urls = new Map<string, string>();
  const found: string[] = [];
  for (const text of readFileSync(logFile, 'utf8').split('\n')) {
    let entry: { time?: number; reqId?: string; req?: { method: string; url: string }; responseTime?: number; stalledMs?: number; res?: { statusCode: number } };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      continue; // not a log record
    }
    const at = new Date(entry.time ?? 0).toISOString().slice(11, 19);
    if (entry.req && entry.reqId) urls.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    if (entry.responseTime !== undefined && entry.responseTime > 3000 && entry.reqId) {
      const url = urls.get(entry.reqId) ?? '?';
      if (!url.endsWith('/live')) found.push(`${at} ${url} ${entry.res?.statusCode ?? ''} ${Math.round(entry.responseTime)} ms`);
    }
    if (entry.stalledMs) found.push(`${at} server thread stalled ${entry.stalledMs} ms`);
  }
  if (found.length) console.error(`--- the e2e server was slow ${found.length} times ---\n${found.slice(-40).join('\n')}`);
}

interface Server {
  port: number;
  logFile: string;
  /** Settles once the server answers (or failed to). */
  ready: Promise<void>;
  stop: () => Promise<void>;
}

/** Ports handed out in this run: two servers starting at once never get the same one. */
const taken = new Set<number>();

async function newPort(): Promise<number> {
  let port = await freePort();
  while (taken.has(port)) port = await freePort();
  taken.add(port);
  return port;
}

/**
 * The built server on `port` with the data folder `dataDir` (a prepared copy, or empty: then it
 * migrates and seeds it). `ready` settles once it answers.
 */
function startServer(root: string, port: number, dataDir: string): Server {
  let log = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = join(dataDir, 'server.log');
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
    appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  // A server gone before the run ends fails every later test of its worker: say when and how.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`--- the e2e server on port ${port} exited at ${new Date().toISOString().slice(11, 19)} (${signal ?? `code ${code}`}); its last words ---\n${log.slice(-3000)}`);
  });
  const ready = waitUntilUp(port, child, 300_000);
  return {
    port,
    logFile,
    ready,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

/**
 * A data folder migrated and seeded once, by a server started on it and stopped (its database
 * closed cleanly), for the workers' servers to start from copies: the seed is most of a server's
 * start (measured alone: 12.5 s from an empty folder, 2.9 s from a copy), made once instead of
 * once per server.
 */
async function preparedDataDir(root: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-e2e-template-'));
  const seeder = startServer(root, await newPort(), dir);
  try {
    await seeder.ready;
  } finally {
    await seeder.stop();
  }
  rmSync(join(dir, 'server.log'), { force: true });
  return dir;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const root = process.cwd();
  // E2E_SKIP_BUILD: use dist/client as it is, whatever it was built from.
  let built = 'client build skipped';
  if (!process.env.E2E_SKIP_BUILD) {
    built = buildClient(root, true) ? 'client built' : 'client build current, reused';
  }
  // Always rebuilt (under a second): a stale bundle would test yesterday's server.
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  // As many servers as the project has workers (its maxWorkers, else the run's, as Vitest resolves them).
  const workers = project.config.maxWorkers || project.vitest.config.maxWorkers || 1;
  // Their ports and folders are handed out now and the servers start in the background: in
  // `npm test` they come up while the unit and API files run (the browser files start after
  // those), instead of before the first file of the run. Each browser file waits for its
  // worker's server before its first test (tests/e2e/setup.ts).
  const ports: number[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < workers; i++) {
    ports.push(await newPort());
    dirs.push(mkdtempSync(join(tmpdir(), 'clinic-e2e-')));
  }
  const servers: Server[] = [];
  let stopped = false;
  let setupEnded = Date.now();
  const starting = (async () => {
    // One server seeds its own empty folder; several start from copies of one seeded folder.
    const template = workers > 1 ? await preparedDataDir(root) : null;
    if (stopped) return;
    for (let i = 0; i < workers; i++) {
      if (template) cpSync(template, dirs[i], { recursive: true });
      servers.push(startServer(root, ports[i], dirs[i]));
    }
    if (template) rmSync(template, { recursive: true, force: true });
    await Promise.all(servers.map((s) => s.ready));
    const up = ((Date.now() - started) / 1000).toFixed(1);
    recordSetup(project.name, started, `${built}; ${workers} server${workers > 1 ? 's' : ''} up ${up} s after the start, in the background`, setupEnded);
  })();
  starting.catch((err: unknown) => console.error(`The e2e servers did not start: ${err instanceof Error ? err.message : String(err)}`));
  setupEnded = Date.now();
  recordSetup(project.name, started, `${built}; ${workers} server${workers > 1 ? 's' : ''} starting in the background`, setupEnded);
  project.provide('e2ePorts', ports);
  project.provide('e2eLogs', dirs.map((dir) => join(dir, 'server.log')));
  return async () => {
    stopped = true;
    await starting.catch(() => undefined);
    for (const server of servers) {
      await server.stop();
      reportSlowness(server.logFile);
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
