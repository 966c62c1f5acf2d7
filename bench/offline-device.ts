// The device during an internet cut (issue 36), in headless Chromium against the real server and
// the built client, a clinic of 10,000 patients on the embedded database. The desk signs in
// (the device key, the first sync into the sealed IndexedDB working set), opens the patients list,
// and the server is cut off (tests/e2e/cut-proxy.ts), then:
//   1. The offline search: the list's search box by name, by phone typed in Arabic-Indic digits
//      and by file number, answered by the device (src/client/offline/reader.ts). Its time is the
//      data provider's offline list as User Timing measures it in the page (reader.ts), median of
//      several searches each way, against the 50 ms goal; the first search after a sync pass,
//      which opens the sealed rows, apart.
//   2. The offline layer's JavaScript on the patients list: for each chunk the page loaded, the
//      gzip size of the chunk less that of the chunk without the code its source map ascribes to
//      the offline layer (src/client/offline, the working set's list, idb, workbox-window, the
//      service worker's registration), against the 25 KiB budget. Once signed in and synced, and
//      again after the cut (what the device's reading loads then).
// Run: npx tsx bench/offline-device.ts   (BENCH_PATIENTS, BENCH_SEARCHES per kind; BENCH_BUILD=0
// reuses dist/bench-client, a build with source maps)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
import { sql } from 'kysely';
import { type Page, chromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { prepareDatabase } from '../src/server/start';
import { cutProxy } from '../tests/e2e/cut-proxy';
import { benchSubdomain, generate } from './generate';
import { kib } from './weigh';

const DIST = path.resolve('dist/bench-client');
/** What the source maps name as the offline layer. */
const OFFLINE = /src\/client\/offline\/|src\/shared\/workingSet\.ts|node_modules\/(idb|workbox-window)\/|pwa-register/;

export interface OfflineSearchRow {
  kind: string;
  searches: number;
  medianMs: number;
  maxMs: number;
}
export interface OfflineChunk {
  file: string;
  gzip: number;
  offlineGzip: number;
}
export interface OfflineDevice {
  patients: number;
  /** Sign-in to the end of the first sync pass in the page, ms. */
  firstSyncMs: number;
  /** The first search after the cut: it opens the sealed rows. */
  firstSearchMs: number;
  search: OfflineSearchRow[];
  /** The patients list signed in and synced; then also after the cut. */
  js: { online: { gzip: number; offlineGzip: number; chunks: OfflineChunk[] }; cut: { gzip: number; offlineGzip: number; chunks: OfflineChunk[] } };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

/** The chunk's gzip size, and how much of it the offline layer's code makes (gzip with less gzip without). */
function offlineShare(file: string): OfflineChunk {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const gzip = gzipSync(code, { level: 9 }).length;
  const mapFile = path.join(DIST, `${file}.map`);
  if (!fs.existsSync(mapFile)) return { file, gzip, offlineGzip: 0 };
  const map = new TraceMap(fs.readFileSync(mapFile, 'utf8'));
  const offlineSource = map.sources.map((s) => OFFLINE.test(s ?? ''));
  const lines = code.split('\n');
  const kept = decodedMappings(map).map((segments, i) => {
    const line = lines[i] ?? '';
    let out = '';
    let at = 0;
    segments.forEach((seg, j) => {
      const end = segments[j + 1]?.[0] ?? line.length;
      if (seg[0] > at) out += line.slice(at, seg[0]);
      if (!(seg.length > 1 && offlineSource[seg[1]!])) out += line.slice(seg[0], end);
      at = end;
    });
    return out + line.slice(at);
  });
  const without = [...kept, ...lines.slice(kept.length)].join('\n');
  return { file, gzip, offlineGzip: Math.max(0, gzip - gzipSync(without, { level: 9 }).length) };
}

function weighOffline(urls: Set<string>): { gzip: number; offlineGzip: number; chunks: OfflineChunk[] } {
  const chunks = [...urls].filter((u) => u.startsWith('/assets/') && u.endsWith('.js')).map((u) => offlineShare(u.slice(1)));
  return {
    gzip: chunks.reduce((a, c) => a + c.gzip, 0),
    offlineGzip: chunks.reduce((a, c) => a + c.offlineGzip, 0),
    chunks: chunks.filter((c) => c.offlineGzip > 0).sort((a, b) => b.offlineGzip - a.offlineGzip),
  };
}

/** The device's kept patients, and whether a sync pass has ended (its time is kept). */
function deviceProgress(page: Page): Promise<{ patients: number; synced: boolean }> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'clinic-offline')) return { patients: 0, synced: false };
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('clinic-offline');
      req.onsuccess = () => resolve(req.result);
    });
    // (No named function in here: the bench's own compiler would wrap it in a helper the page lacks.)
    const [rows, meta] = await Promise.all(
      ['rows', 'meta'].map(
        (store) =>
          new Promise<IDBValidKey[]>((resolve) => {
            const req = db.transaction(store).objectStore(store).getAllKeys();
            req.onsuccess = () => resolve(req.result);
          }),
      ),
    );
    db.close();
    return { patients: rows.filter((k) => Array.isArray(k) && k[1] === 'patients').length, synced: meta.some((k) => Array.isArray(k) && k[1] === 'syncedAt') };
  });
}

/** One search typed in the list's box; the device's time for it and how many it found. */
async function search(page: Page, q: string): Promise<{ ms: number; total: number }> {
  const before = await page.evaluate(() => performance.getEntriesByName('offline list patients').length);
  const box = page.getByTestId('list-search');
  await box.fill(q);
  await box.press('Enter');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const entries = await page.evaluate((n) => performance.getEntriesByName('offline list patients').slice(n).map((e) => ({ ms: e.duration, total: (e as PerformanceMeasure).detail?.total as number })), before);
    // The list asks once per search; should it ask twice, the slower counts.
    if (entries.length) return entries.reduce((a, b) => (b.ms > a.ms ? b : a));
    if (Date.now() > deadline) throw new Error(`no offline search for ${q}`);
    await page.waitForTimeout(20);
  }
}

export async function runOfflineDevice(log: (s: string) => void, patients = Number(process.env.BENCH_PATIENTS ?? 10_000), perKind = Number(process.env.BENCH_SEARCHES ?? 7)): Promise<OfflineDevice> {
  if (!fs.existsSync(path.join(DIST, 'index.html')) || process.env.BENCH_BUILD !== '0') {
    log('  building the client with source maps (dist/bench-client)...');
    const built = spawnSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', DIST, '--emptyOutDir'], { stdio: 'ignore' });
    if (built.status !== 0) throw new Error('the client build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-bench-offline-'));
  const { db } = await prepareDatabase({ dataDir: path.join(dataDir, 'db'), seedDemo: 'always' }, { info: () => undefined });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const app = await buildApp({ db, config: { ...loadConfig({}), clientDir: DIST, dataDir }, logger: false });
  try {
    await generate(db, { clinics: 1, patients }, false, (s) => log(`  ${s}`));
    // Phones as the API stores them (E.164): the generator writes them spaced.
    await sql`update patients set phone = replace(phone, ' ', '') where tenant_id = (select id from tenants where subdomain = ${benchSubdomain(1)})`.execute(db.kysely);
    const { rows: sought } = await sql<{ name: string; phone: string; file_number: number }>`select p.name, p.phone, p.file_number from patients p
      join tenants t on t.id = p.tenant_id where t.subdomain = ${benchSubdomain(1)} order by p.id limit ${perKind} offset ${Math.floor(patients / 3)}`.execute(db.kysely);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const proxy = await cutProxy((app.server.address() as { port: number }).port);
    // The service worker serves the app's code during the cut; what it precaches is its own
    // traffic, not the page's: only the page's loads are weighed.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      if (window.location.protocol !== 'about:') window.localStorage.setItem('user-locale', 'en');
    });
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('request', (r) => loaded.add(new URL(r.url()).pathname));
    try {
      // Signed in: the device key, then the first sync pass into the sealed working set.
      await page.goto(`http://${benchSubdomain(1)}.localhost:${proxy.port}/login`);
      await page.locator('#username').fill('doctor');
      await page.locator('#password').fill('demo-pass-1234');
      const signedIn = Date.now();
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
      for (let progress = await deviceProgress(page); !progress.synced; progress = await deviceProgress(page)) {
        if (Date.now() - signedIn > 600_000) throw new Error(`the first sync did not end (${progress.patients} patients kept)`);
        await page.waitForTimeout(250);
      }
      const firstSyncMs = Date.now() - signedIn;
      const kept = (await deviceProgress(page)).patients;
      log(`  first sync in the page: ${kept} patients kept, ${(firstSyncMs / 1000).toFixed(1)} s from signing in`);
      await page.evaluate(() => {
        window.history.pushState({}, '', '/patients');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      const online = weighOffline(loaded);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      proxy.set('down');
      // A query none of the timed ones repeats (the same query twice is answered from the list's cache).
      const first = await search(page, 'first search');
      const queries: [string, (p: (typeof sought)[number]) => string][] = [
        ['name', (p) => p.name],
        ['phone in Arabic-Indic digits (local form)', (p) => toArabicIndic(`0${p.phone.replace(/^\+964/, '')}`)],
        ['file number', (p) => String(p.file_number)],
      ];
      const rows: OfflineSearchRow[] = [];
      for (const [kind, q] of queries) {
        const times: number[] = [];
        for (const text of new Set(sought.map(q))) {
          const { ms, total } = await search(page, text);
          if (total < 1) throw new Error(`the ${kind} search for ${text} found nobody`);
          times.push(ms);
        }
        rows.push({ kind, searches: times.length, medianMs: Math.round(median(times) * 10) / 10, maxMs: Math.round(Math.max(...times) * 10) / 10 });
      }
      return { patients: kept, firstSyncMs, firstSearchMs: Math.round(first.ms * 10) / 10, search: rows, js: { online, cut: weighOffline(loaded) } };
    } finally {
      await context.close();
      await proxy.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as printed lines. */
export function offlineLines(r: OfflineDevice): string[] {
  const chunks = (c: OfflineChunk[]) => c.map((x) => `${path.basename(x.file)} ${kib(x.offlineGzip)}`).join(', ');
  return [
    `offline search over ${r.patients.toLocaleString('en')} patients kept (goal: 50 ms); the first after the cut, opening the sealed rows: ${r.firstSearchMs} ms`,
    ...r.search.map((s) => `  by ${s.kind}: median ${s.medianMs} ms, slowest ${s.maxMs} ms (${s.searches} searches)`),
    `offline layer's JavaScript on the patients list (budget 25 KiB gzip): ${kib(r.js.online.offlineGzip)} KiB of the ${kib(r.js.online.gzip)} KiB the page loaded from the sign-in to the list (${chunks(r.js.online.chunks)})`,
    `  once cut off (the device's reading loaded too): ${kib(r.js.cut.offlineGzip)} KiB of ${kib(r.js.cut.gzip)} KiB (${chunks(r.js.cut.chunks)})`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'offline-device.ts')) {
  const result = await runOfflineDevice((s) => console.log(s));
  for (const line of offlineLines(result)) console.log(line);
}
