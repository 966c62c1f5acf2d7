// Builds the client and the server bundle (what `npm start` runs), starts the real server on a free
// port with a fresh data folder (demo data is seeded), waits until it answers, hands the port to the
// tests, and stops it afterwards.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePort: number;
    /** The server's log (recovery codes are written there when no SMTP is set). */
    e2eLog: string;
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
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`);
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = process.cwd();
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  // Always rebuilt (under a second): a stale bundle would test yesterday's server.
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  const port = await freePort();
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
  try {
    await waitUntilUp(port, child, 90_000);
  } catch (err) {
    child.kill('SIGTERM');
    console.error(log);
    throw err;
  }
  project.provide('e2ePort', port);
  project.provide('e2eLog', logFile);
  return async () => {
    reportSlowness(logFile);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
