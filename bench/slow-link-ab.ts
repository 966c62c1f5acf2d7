// Two builds side by side on the slow link (bench/slow-link.ts), their runs taken in turn so a busy
// machine weighs on both alike: `tsx bench/slow-link-ab.ts <dist A> <dist B> [runs]`, each dist a
// `npm run build` output (client/ and server/, with node_modules reachable from it). Prints each
// run and both medians, and React's commits and renders for each (bench/render-work.ts).
// BENCH_PAGES_PORT: the first of the two ports (default 3402; B takes the next).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { type SlowLinkRun, runSlowLink } from './slow-link';
import { runRenderWork } from './render-work';
import ckb from '../locales/ckb.json';

const [distA, distB] = process.argv.slice(2, 4).map((d) => path.resolve(d));
const runs = Number(process.argv[4] ?? 5);
if (!distA || !distB) throw new Error('usage: tsx bench/slow-link-ab.ts <dist A> <dist B> [runs]');
const firstPort = Number(process.env.BENCH_PAGES_PORT ?? 3402);
const menu = ckb.resources.patients.title;

async function serve(dist: string, port: number): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-ab-'));
  const child = spawn(process.execPath, [path.join(dist, 'server/main.js')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, CLIENT_DIR: path.join(dist, 'client'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/v1/tenant-check`).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base: `http://demo.localhost:${port}`, child, dataDir };
}

const servers = [await serve(distA, firstPort), await serve(distB, firstPort + 1)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const all: SlowLinkRun[][] = [[], []];
  for (let i = 0; i < runs; i++) {
    // A then B on even rounds, B then A on odd ones: neither always runs second.
    for (const which of i % 2 ? [1, 0] : [0, 1]) {
      const { median } = await runSlowLink(browser, servers[which].base, 1, menu, () => undefined);
      all[which].push(median);
      console.log(`${'AB'[which]} run ${i + 1}: login usable ${median.loginUsableMs} ms, login click to rows ${median.firstRowsMs} ms, repeat ${median.repeatRowsMs} ms, third ${median.thirdRowsMs} ms, longest task ${median.longestTaskMs} ms`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const which of [0, 1]) {
    const pick = (key: keyof SlowLinkRun) => median(all[which].map((r) => r[key]));
    const work = await runRenderWork(browser, servers[which].base, menu);
    console.log(
      `${'AB'[which]} (${os.loadavg()[0].toFixed(1)} load) (${[distA, distB][which]}) medians of ${runs}: login usable ${pick('loginUsableMs')} ms, login click to rows ${pick('firstRowsMs')} ms, repeat ${pick('repeatRowsMs')} ms, third ${pick('thirdRowsMs')} ms, longest task ${pick('longestTaskMs')} ms; ` +
        `React: list ${work.list.commits} commits ${work.list.renders} renders, typing ${work.typing.commits} commits ${work.typing.renders} renders`,
    );
  }
} finally {
  await browser.close();
  for (const s of servers) {
    s.child.kill('SIGTERM');
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}
