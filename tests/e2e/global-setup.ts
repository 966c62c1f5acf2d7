// Builds the client (unless the last build is current) and the server bundle (what `npm start`
// runs), starts the real server on a free port with a fresh data folder (demo data is seeded), one
// per worker of the project, waits until they answer, hands their ports to the tests, and stops
// them afterwards. A test file talks to its worker's server only (tests/e2e/browser.ts): files
// running side by side share no data, and each server sees its files one after another.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  stop: () => Promise<void>;
}

/** Ports handed out in this run: two servers starting at once never get the same one. */
const taken = new Set<number>();

/** The built server on a free port with a data folder of its own, once it answers. */
async function startServer(root: string): Promise<Server> {
  let port = await freePort();
  while (taken.has(port)) port = await freePort();
  taken.add(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));
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
  try {
    await waitUntilUp(port, child, 90_000);
  } catch (err) {
    stopping = true;
    child.kill('SIGKILL');
    console.error(log);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    logFile,
    stop: async () => {
      stopping = true;
      reportSlowness(logFile);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  // A server that did not come up (once, on a machine busy with other work: no answer in 90 s)
  // is given one more try on another port before the run fails.
  const start = () =>
    startServer(root).catch((err: unknown) => {
      console.error(`An e2e server did not start (${err instanceof Error ? err.message : String(err)}); one more try.`);
      return startServer(root);
    });
  const attempts = await Promise.allSettled(Array.from({ length: workers }, start));
  const servers = attempts.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    for (const server of servers) await server.stop();
  };
  const failed = attempts.find((r) => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  recordSetup(project.name, started, `${built}; ${servers.length} server${servers.length > 1 ? 's' : ''}`);
  project.provide('e2ePorts', servers.map((s) => s.port));
  project.provide('e2eLogs', servers.map((s) => s.logFile));
  return stopAll;
}
