// bench/RESULTS.md: the figures of the last `npm run bench`, as Markdown tables, written by the run
// itself so nobody copies them by hand (bench/results/latest.json keeps every number). What the
// figures mean and the goals they are read against: docs/performance.md.
import path from 'node:path';
import { CLINICS_GOAL, type ClinicDay, P99_GOAL_MS } from './clinic-day';
import type { CostRow, LoadRow } from './load';
import type { LongJobs } from './long-jobs';
import type { OfflineDevice } from './offline-device';
import type { OfflineWrites } from './offline-writes';
import type { PageWeight } from './page-weight';
import type { SlowLink } from './slow-link';
import type { RenderWork } from './render-work';
import type { PgliteRow } from './pglite';
import type { ProfileRow } from './profile';
import type { RlsRow } from './rls';
import { kib } from './weigh';

export interface BenchResults {
  /** ISO time the run ended. */
  date: string;
  machine: string;
  size: { clinics: number; patients: number };
  seconds: number;
  parts: string[];
  load: LoadRow[];
  costs: CostRow[];
  profile: ProfileRow[];
  rls: RlsRow[];
  embedded: PgliteRow[];
  pages: PageWeight | null;
  /** The device during a cut (bench/offline-device.ts). */
  offline?: OfflineDevice | null;
  /** A device's outbox sent after a cut (bench/offline-writes.ts). */
  outbox?: OfflineWrites | null;
  /** How many clinics one server carries (bench/clinic-day.ts). */
  day?: ClinicDay[];
  /** Another clinic's requests while a copy is built and restored (bench/long-jobs.ts). */
  jobs?: LongJobs | null;
  coldStartMs: number | null;
  /** When each part shown was measured (ISO): parts not run this time come from earlier runs (results-merge.ts). */
  measured?: Record<string, string>;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const table = (head: string[], rows: (string | number)[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];

/** The run as Markdown: a heading, how it was run, then a section per part it measured. */
export function resultsMarkdown(r: BenchResults): string {
  const out = [
    '# Benchmark results',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts, bench/results-markdown.ts): run it again rather than edit this file. -->',
    '',
    `${r.date.slice(0, 10)}: ${r.machine}; ${r.size.clinics} clinics x ${r.size.patients.toLocaleString('en')} patients on PostgreSQL; ${r.seconds} s per measurement; parts: ${r.parts.join(', ')}. ` +
      'How to read them, and the goals they are held against: [docs/performance.md](../docs/performance.md). Every number of the run: `bench/results/latest.json`.',
  ];
  const earlier = Object.entries(r.measured ?? {}).filter(([, date]) => date !== r.date);
  if (earlier.length) out.push('', `Kept from earlier runs (a run measures only the parts it is given): ${earlier.map(([part, date]) => `${part} (${date.slice(0, 16).replace('T', ' ')} UTC)`).join(', ')}.`);
  if (r.load.length) {
    out.push('', '## API load', '', 'The API beside the same SQL behind a bare Fastify + `pg` route (`bench/bare-server.ts`); "at n/s": a fixed arrival rate.', '');
    out.push(
      ...table(
        ['call', 'conns', 'API req/s', 'API p50 ms', 'API p99 ms', 'bare req/s', 'bare p99 ms', 'API / bare'],
        r.load.map((l) => [l.call, `${l.connections}${l.rate ? ` at ${l.rate}/s` : ''}`, l.api.rps, l.api.p50, l.api.p99, l.bare.rps, l.bare.p99, pct(l.ratio)]),
      ),
    );
    out.push(...readsGoal(r.load));
  }
  if (r.costs.length) {
    out.push('', '## What each guarantee costs', '', 'The same server started without it (`BENCH_WITHOUT_*`), alternating 3-second rounds, median of three, same run.', '');
    out.push(...table(['guarantee', 'call', 'conns', 'with req/s', 'p99 ms', 'without req/s', 'p99 ms', 'cost'], r.costs.map((c) => [c.guarantee, c.call, c.connections, c.with.rps, c.with.p99, c.without.rps, c.without.p99, pct(c.cost)])));
  }
  if (r.profile.length) {
    out.push('', "## Where the server's CPU goes", '', "Per request at 16 connections, µs (`bench/profile.ts`): each sample charged through the source map to the package or folder of ours that spent it, a socket write to whoever wrote; `(idle)`: the server waiting on PostgreSQL.", '');
    const where = [...new Set(r.profile.flatMap((p) => Object.keys(p.perRequestUs)))];
    const total = (p: ProfileRow) => Object.values(p.perRequestUs).reduce((a, b) => a + b, 0);
    const shown = where
      .map((w) => ({ w, max: Math.max(...r.profile.map((p) => p.perRequestUs[w] ?? 0)) }))
      .filter((x) => x.max >= 10)
      .sort((a, b) => b.max - a.max)
      .map(({ w }) => w);
    const rows = shown.map((w) => [w, ...r.profile.map((p) => p.perRequestUs[w] ?? 0)]);
    const rest = r.profile.map((p) => total(p) - shown.reduce((sum, w) => sum + (p.perRequestUs[w] ?? 0), 0));
    if (rest.some((x) => x > 0)) rows.push(['(the rest, under 10 µs each)', ...rest]);
    out.push(...table(['where', ...r.profile.map((p) => `${p.call} (${p.rps} req/s)`)], [...rows, ['all', ...r.profile.map(total)]]));
  }
  if (r.rls.length) {
    out.push('', '## Row-level security', '', 'The same query and transaction as the app role, under the clinic\'s policy, and as the owner, without (`bench/rls.ts`).', '');
    out.push(...table(['query', 'conns', 'app role tx/s', 'owner tx/s', 'cost'], r.rls.map((x) => [x.query, x.connections, x.app, x.owner, pct(x.cost)])));
  }
  if (r.embedded.length) {
    out.push('', '## The embedded database', '', `PGlite with 5 clinics x 500 patients (\`bench/pglite.ts\`) beside PostgreSQL with ${r.size.clinics} x ${r.size.patients.toLocaleString('en')}, same run.`, '');
    out.push(
      ...table(
        ['call', 'conns', 'PGlite req/s', 'PGlite p99 ms', 'PostgreSQL req/s', 'PGlite / PostgreSQL'],
        r.embedded.map((e) => {
          const pg = r.load.find((l) => l.call === e.call && l.connections === e.connections && !l.rate);
          return [e.call, e.connections, e.pglite.rps, e.pglite.p99, pg?.api.rps ?? '-', pg?.api.rps ? pct(e.pglite.rps / pg.api.rps) : '-'];
        }),
      ),
    );
  }
  if (r.pages) {
    const p = r.pages;
    out.push('', '## Pages', '', 'What a page loads first and its median time to usable in headless Chromium (`bench/page-weight.ts`).', '');
    out.push(...table(['page', 'JS raw KiB', 'JS gzip KiB', 'CSS raw KiB', 'CSS gzip KiB', 'median ms to usable'], ([['login', p.login], ['patients list', p.patients]] as const).map(([name, x]) => [name, kib(x.js.raw), kib(x.js.gzip), kib(x.css.raw), kib(x.css.gzip), x.medianMs])));
    if (p.patientsFiles.length) out.push('', 'The patients list loads most (gzip KiB): ' + p.patientsFiles.map((c) => `${path.basename(c.file)} ${kib(c.gzip)}`).join(', ') + '.');
    if (p.largest.length) out.push('', 'Largest chunks (gzip KiB): ' + p.largest.map((c) => `${path.basename(c.file)} ${kib(c.gzip)}`).join(', ') + '.');
    out.push('', ...slowLinkMarkdown(p.slowLink));
    if (p.renderWork) out.push('', ...renderWorkMarkdown(p.renderWork));
  }
  if (r.offline) out.push('', ...offlineMarkdown(r.offline));
  if (r.outbox) out.push('', ...outboxMarkdown(r.outbox));
  if (r.day?.length) out.push('', ...clinicDayMarkdown(r.day));
  if (r.jobs) out.push('', ...longJobsMarkdown(r.jobs));
  if (r.coldStartMs !== null) out.push('', '## Cold start', '', `The bundled server \`npm start\` runs, on an existing embedded database, to its first answer (median of 3): ${r.coldStartMs.toLocaleString('en')} ms.`);
  return out.join('\n') + '\n';
}

/** Issue 41's goal for reads: at 16 connections, at least half the bare query's rate (writes are not held to it). */
export const READS_GOAL = 0.5;
function readsGoal(load: BenchResults['load']): string[] {
  const reads = load.filter((l) => l.connections === 16 && !l.rate && !l.call.startsWith('create'));
  if (!reads.length) return [];
  const said = (ls: typeof reads) => ls.map((l) => `${l.call} ${pct(l.ratio)}`).join(', ');
  const met = reads.filter((l) => l.ratio >= READS_GOAL);
  const missed = reads.filter((l) => l.ratio < READS_GOAL);
  return [
    '',
    `Goal: reads at 16 connections at least ${pct(READS_GOAL)} of the bare query: ${missed.length ? 'not met' : 'met'}` +
      `${met.length ? `; met by ${said(met)}` : ''}${missed.length ? `; not by ${said(missed)} (where their time goes: [docs/performance.md](../docs/performance.md))` : ''}.`,
  ];
}

/** Another clinic's requests while one clinic's copy is built and then restored (issue 39: goal, none waits over 100 ms). */
export function longJobsMarkdown(j: LongJobs): string[] {
  const worst = Math.max(j.export.worstMs, j.restore.worstMs);
  const row = (what: string, w: LongJobs['idle'], seconds?: number) => [what, seconds ?? '-', w.requests, w.medianMs, w.p99Ms, w.worstMs, w.loopMaxMs, w.ownMaxMs ?? '-', w.ranMaxMs ?? '-'];
  return [
    "## A clinic's copy and its restore beside another clinic",
    '',
    `On the embedded database (\`bench/long-jobs.ts\`): a clinic of ${j.patients.toLocaleString('en')} patients (${j.rows.toLocaleString('en')} records, a ${kib(j.zipBytes)} KiB ZIP) copied, then restored into a new clinic, ` +
      "while another clinic asks for its patients' first page every 5 ms (each request timed from when it was due). Goal: none waits over 100 ms: " +
      (worst <= 100 ? `met (worst ${worst} ms).` : `not met (worst ${worst} ms; the last column is the server's own share, the rest its thread waiting for a CPU).`),
    '',
    ...table(['while', 'seconds', 'requests', 'median ms', 'p99 ms', 'worst ms', 'event loop held at worst, ms', 'held without waiting for a CPU, ms', 'the thread ran without a turn at most, ms'], [row('nothing runs', j.idle), row('the copy is built', j.export, j.export.seconds), row('it is restored', j.restore, j.restore.seconds)]),
  ];
}

/** The pages on a congested mobile link with a phone's CPU, against the issue's goals. */
export function slowLinkMarkdown(s: SlowLink): string[] {
  const m = s.median;
  const missed = m.firstRowsMs > s.goals.firstRowsMs || m.repeatRowsMs > s.goals.repeatRowsMs || m.longestTaskMs > s.goals.longestTaskMs;
  const met = (value: number, goal: number) => `${value.toLocaleString('en')} ms (goal ${goal.toLocaleString('en')}: ${value <= goal ? 'met' : 'not met'})`;
  return [
    '### On a slow mobile link',
    '',
    `Chromium at 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (one link the page and its service worker share), the CPU slowed 4x, in Kurdish (\`bench/slow-link.ts\`, median of ${s.runs}): ` +
      `the login page usable from an empty cache in ${m.loginUsableMs.toLocaleString('en')} ms; after 4 s of typing, the login click to the patients list's first rows through the menu ${met(m.firstRowsMs, s.goals.firstRowsMs)}; ` +
      `the list opened again in the same browser ${met(m.repeatRowsMs, s.goals.repeatRowsMs)} (once more: ${(m.thirdRowsMs ?? 0).toLocaleString('en')} ms); the longest main-thread task from the click to the rows ${met(m.longestTaskMs, s.goals.longestTaskMs)}, all of them ${m.longTasksMs.toLocaleString('en')} ms.` +
      (missed ? ' Why a goal is not met, where the time goes and what is left: [docs/performance.md](../docs/performance.md), "The repeat visit and the longest task".' : ''),
  ];
}

/** Why the clinics goal was not met: the smallest step that did not hold, what broke, and where the time went. */
function whyNot(d: ClinicDay): string {
  const failed = d.steps.filter((s) => !s.ok).sort((a, b) => a.clinics - b.clinics)[0];
  if (!failed) return d.capped ? ` (the data has only ${d.clinicsInData.toLocaleString('en')} clinics)` : '';
  const broke = [
    ...(failed.p99 > P99_GOAL_MS ? [`p99 ${failed.p99} ms over ${P99_GOAL_MS}`] : []),
    ...(failed.errors ? [`${failed.errors} errors`] : []),
    ...(failed.streamErrors ? [`${failed.streamErrors} live streams failed`] : []),
  ].join(', ');
  return `: at ${failed.clinics.toLocaleString('en')} clinics (${failed.rate} req/s) ${broke}${failed.slowest ? `; most time in ${failed.slowest}` : ''}`;
}

/** How many clinics one server process carries, against the issue's goal, with the search's steps. */
export function clinicDayMarkdown(days: ClinicDay[]): string[] {
  const out = [
    '## Clinics one server carries',
    '',
    `A clinic's day (\`bench/clinic-day-model.json\`, made of the requests the browser tests' screens sent) replayed open-loop at its busiest hour for N clinics at once against one server process, ` +
      `each clinic's three screens holding a live stream (\`bench/clinic-day.ts\`). Held: p99 at most ${P99_GOAL_MS} ms and no error. N doubled, then the gap halved.`,
  ];
  for (const d of days) {
    const b = d.best;
    const figure = b ? `**${d.carried.toLocaleString('en')} clinics**${d.capped ? ' (every clinic of the data: the most it could ask)' : ''} (${b.rate} req/s; p50 ${b.p50} ms, p95 ${b.p95} ms, p99 ${b.p99} ms, ${b.errors} errors)` : '**none** (not even the first step held)';
    const goal = d.database === 'PostgreSQL' ? ` Goal: at least ${CLINICS_GOAL.toLocaleString('en')} clinics: ${d.carried >= CLINICS_GOAL ? 'met' : `not met${whyNot(d)}`}.` : '';
    out.push('', `### ${d.database}, ${d.patients.toLocaleString('en')} patients over ${d.clinicsInData.toLocaleString('en')} clinics`, '', `${d.perClinicRate.toFixed(3)} requests a second per clinic at the peak. Carried: ${figure}.${goal}`, '');
    out.push(...table(['clinics', 'req/s', 'sent', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'stream errors', 'server CPU ms/request', 'database transactions/request', 'held'], d.steps.map((s) => [s.clinics, s.rate, s.sent, s.p50, s.p95, s.p99, s.errors, s.streamErrors, s.cpuMs, s.transactions ?? '-', s.ok ? 'yes' : 'no'])));
  }
  return out;
}

/** What React draws, counted (the same on a busy machine as on a quiet one). */
export function renderWorkMarkdown(w: RenderWork): string[] {
  return [
    '### What React draws',
    '',
    `Counted through React's DevTools hook in the production build, in Kurdish (\`bench/render-work.ts\`): from the login click to the patients list's rows, ${w.list.commits} commits and ${w.list.renders.toLocaleString('en')} component renders; ` +
      `typing a 12-character name into the new-patient form, ${w.typing.commits} commits and ${w.typing.renders} renders. Fewer is less of a phone's CPU.`,
  ];
}

/** The device during a cut: its search time and the offline layer's JavaScript. */
export function offlineMarkdown(o: OfflineDevice): string[] {
  const chunks = (c: OfflineDevice['js']['online']['chunks']) => c.map((x) => `${path.basename(x.file)} ${kib(x.offlineGzip)}`).join(', ');
  return [
    '## The device during a cut',
    '',
    `A clinic of ${o.patients.toLocaleString('en')} patients kept on the device (sealed IndexedDB), headless Chromium, the server cut off (\`bench/offline-device.ts\`). ` +
      `The first sync in the page took ${(o.firstSyncMs / 1000).toFixed(1)} s from signing in. The search's time is the device's answer to the patients list (goal: 50 ms); the first after the cut, which opens the sealed rows: ${o.firstSearchMs} ms.`,
    '',
    ...table(['search by', 'median ms', 'slowest ms', 'searches'], o.search.map((s) => [s.kind, s.medianMs, s.maxMs, s.searches])),
    '',
    `The offline layer's JavaScript on the patients list (budget: 25 KiB gzip; each chunk's gzip size less that without the code its source map ascribes to the offline layer): ` +
      `${kib(o.js.online.offlineGzip)} KiB of the ${kib(o.js.online.gzip)} KiB the page loaded from the sign-in to the list, synced (${chunks(o.js.online.chunks)}); ${kib(o.js.cut.offlineGzip)} KiB of ${kib(o.js.cut.gzip)} KiB once cut off (${chunks(o.js.cut.chunks)}).`,
  ];
}

/** A device's outbox sent after a cut: the morning replayed, and what an offline create costs. */
export function outboxMarkdown(o: OfflineWrites): string[] {
  const plain = o.createMs.plain;
  const added = (ms: number) => pct((ms - plain) / plain);
  return [
    "## A device's outbox after a cut",
    '',
    `The embedded database (\`bench/offline-writes.ts\`). A busy desk's morning, ${o.operations} operations kept during a cut (patients registered, an allergy each, ` +
      `each patient's address corrected), sent as the outbox sends them: ${o.replaySeconds.toFixed(2)} s (${((o.replaySeconds * 1000) / o.operations).toFixed(1)} ms each); ` +
      `sent again, as after answers lost on the way: ${o.againSeconds.toFixed(2)} s, ${o.made} patients made in all (nothing twice).`,
    '',
    `A patient's create, ${o.creates} each way, alternated, with ${o.keptKeys.toLocaleString('en')} offline keys kept (14 days):`,
    '',
    ...table(['carrying', 'ms each', 'added'], Object.entries(o.createMs).map(([mode, ms]) => [mode, ms, mode === 'plain' ? '' : added(ms)])),
  ];
}
