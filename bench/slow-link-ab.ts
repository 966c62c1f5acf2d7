// Two builds side by side on the slow link (bench/slow-link.ts), their runs taken in turn so a busy
// machine weighs on both alike: `tsx bench/slow-link-ab.ts <dist A> <dist B> [runs]`, each dist a
// `npm run build` output (client/ and server/, with node_modules reachable from it). Prints each
// run and both medians, and React's commits and renders for each (bench/render-work.ts).
// BENCH_PAGES_PORT: the first of the two ports (default 3402; B takes the next).
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { type SlowLinkRun, runSlowLink } from './slow-link';
import { runRenderWork } from './render-work';
import ckb from '../locales/ckb.json';
import { serveDist, stopDist } from './serve-dist';

const [distA, distB] = process.argv.slice(2, 4).map((d) => path.resolve(d));
const runs = Number(process.argv[4] ?? 5);
if (!distA || !distB) throw new Error('usage: tsx bench/slow-link-ab.ts <dist A> <dist B> [runs]');
const firstPort = Number(process.env.BENCH_PAGES_PORT ?? 3402);
const menu = ckb.resources.patients.title;


const servers = [await serveDist(distA, firstPort), await serveDist(distB, firstPort + 1)];
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
  for (const s of servers) stopDist(s);
}
