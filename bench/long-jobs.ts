// A clinic's copy built on the embedded database while another clinic works (issue 39): how long
// another clinic's requests wait meanwhile. The embedded database answers on the server's thread,
// so the copy is built in slices (src/server/jobs/slices.ts); this prints what a request of the
// platform's own host waits during the build, against the same requests with nothing building.
// Run: npx tsx bench/long-jobs.ts   (BENCH_PATIENTS for the clinic's size, default 3,000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';
import { benchSubdomain, generate } from './generate';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 3_000);
const log = (s: string) => console.log(s);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const describe = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, worst ${Math.max(...xs).toFixed(1)} ms (${xs.length} requests)`;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-jobs-'));
  try {
    const { db } = await prepareDatabase({ dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
    await generate(db, { clinics: 1, patients: PATIENTS }, false, (s) => log(`  ${s}`));
    const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: '/nonexistent', dataDir }, logger: false });
    await app.ready();
    const host = `${benchSubdomain(1)}.localhost`;
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/tenant/login', headers: { host }, payload: { username: 'doctor', password: 'demo-pass-1234' } });
    const headers = { host, authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` };

    // Another clinic's request every 5 ms while `busy` says so, timed from when it was due: a
    // request that arrives while the thread is held waits in the socket's queue, as the timer
    // that sends this one waits to fire.
    const probe = async (busy: () => boolean) => {
      const waits: number[] = [];
      while (busy()) {
        const due = performance.now() + 5;
        await new Promise((r) => setTimeout(r, 5));
        await app.inject({ method: 'GET', url: '/api/v1/tenant-check', headers: { host: 'demo.localhost' } });
        waits.push(performance.now() - due);
      }
      return waits;
    };

    const idleUntil = performance.now() + 3000;
    const idle = await probe(() => performance.now() < idleUntil);
    log(`nothing building: ${describe(idle)}`);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const asked = await app.inject({ method: 'POST', url: '/api/v1/exports', headers, payload: {} });
    const id = (JSON.parse(asked.body) as { data: { id: number } }).data.id;
    let done = false;
    const watching = (async () => {
      while (!done) {
        const view = await app.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers });
        const status = (JSON.parse(view.body) as { data: { status: string } }).data.status;
        if (status === 'done' || status === 'failed') {
          if (status === 'failed') throw new Error('the copy failed');
          done = true;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const building = await probe(() => !done);
    await watching;
    loop.disable();
    log(`copy of a clinic of ${PATIENTS} patients built in ${((performance.now() - started) / 1000).toFixed(1)} s; meanwhile: ${describe(building)}`);
    log(`  the server's event loop waited at worst ${(loop.max / 1e6).toFixed(0)} ms`);
    await app.close();
    await db.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
