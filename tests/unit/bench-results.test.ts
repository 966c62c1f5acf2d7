// bench/RESULTS.md is written by `npm run bench` from the run's figures: each part measured gets
// its table, a part not run gets no section, and the profile's small entries are summed, not lost.
import { describe, expect, it } from 'vitest';
import { type BenchResults, resultsMarkdown, slowLinkMarkdown } from '../../bench/results-markdown';
import { mergeResults } from '../../bench/results-merge';

const figure = (rps: number, p99: number) => ({ rps, p50: 1, p99, errors: 0 });
const empty: BenchResults = {
  date: '2026-11-26T10:00:00.000Z',
  machine: '2 cores (test), 4 GiB, Node v20.20.2',
  size: { clinics: 5, patients: 500 },
  seconds: 3,
  parts: ['cold'],
  load: [],
  costs: [],
  profile: [],
  rls: [],
  embedded: [],
  pages: null,
  coldStartMs: 1119,
};

describe('the slow link against its goals', () => {
  const goals = { firstRowsMs: 2500, repeatRowsMs: 800, longestTaskMs: 200 };
  const run = (repeatRowsMs: number) => ({ runs: 5, goals, median: { loginUsableMs: 2939, firstRowsMs: 2278, repeatRowsMs, thirdRowsMs: 1500, longestTaskMs: 150, longTasksMs: 700 } });
  it.each([
    ['one goal missed: says which, and where the why is', 1689, ['2,278 ms (goal 2,500: met)', '1,689 ms (goal 800: not met)', '150 ms (goal 200: met)', 'Why a goal is not met'], []],
    ['every goal met: no why', 700, ['700 ms (goal 800: met)'], ['not met', 'Why a goal']],
  ])('%s', (_n, repeat, present, absent) => {
    const text = slowLinkMarkdown(run(repeat)).join('\n');
    for (const s of present) expect(text).toContain(s);
    for (const s of absent) expect(text).not.toContain(s);
  });
});

describe('bench/RESULTS.md', () => {
  it.each<[string, Partial<BenchResults>, string[], string[]]>([
    ['only the cold start', {}, ['2026-11-26: 2 cores (test)', '5 clinics x 500 patients', '## Cold start', '1,119 ms'], ['## API load', '## Pages']],
    [
      'API load at a fixed rate',
      { load: [{ call: 'patient search', connections: 64, rate: 200, api: figure(200, 242), bare: figure(200, 121), ratio: 1 }] },
      ['## API load', '| patient search | 64 at 200/s | 200 | 1 | 242 | 200 | 121 | 100% |'],
      ['Goal: reads'],
    ],
    [
      'reads at 16 connections against the goal; writes and fixed rates not held to it',
      {
        load: [
          { call: 'patient search, phone', connections: 16, api: figure(513, 72), bare: figure(701, 49), ratio: 0.73 },
          { call: "a patient's visits", connections: 16, api: figure(1764, 37), bare: figure(7939, 14), ratio: 0.22 },
          { call: 'create a visit', connections: 16, api: figure(95, 449), bare: figure(514, 91), ratio: 0.18 },
          { call: 'patient search, name prefix', connections: 64, rate: 100, api: figure(100, 344), bare: figure(100, 143), ratio: 0.97 },
        ],
      },
      ["Goal: reads at 16 connections at least 50% of the bare query: not met; met by patient search, phone 73%; not by a patient's visits 22% ("],
      ['create a visit 18%', 'name prefix 97%'],
    ],
    [
      'reads all at the goal',
      { load: [{ call: 'patient search, phone', connections: 16, api: figure(513, 72), bare: figure(701, 49), ratio: 0.73 }] },
      ['Goal: reads at 16 connections at least 50% of the bare query: met; met by patient search, phone 73%.'],
      ['not by'],
    ],
    [
      'a guarantee and row-level security',
      {
        costs: [{ guarantee: 'audit', call: 'a patient read', connections: 16, with: figure(90, 30), without: figure(100, 20), cost: 0.1 }],
        rls: [{ query: 'a patient\'s visits', connections: 1, app: 95, owner: 100, cost: 0.05 }],
      },
      ['| audit | a patient read | 16 | 90 | 30 | 100 | 20 | 10% |', '| a patient\'s visits | 1 | 95 | 100 | 5% |'],
      [],
    ],
    [
      'the profile, small entries summed',
      { profile: [{ call: 'create a visit', rps: 91, perRequestUs: { '(idle)': 7000, pg: 200, pino: 4, postgres: 5 } }] },
      ['| where | create a visit (91 req/s) |', '| (idle) | 7000 |', '| pg | 200 |', '| (the rest, under 10 µs each) | 9 |', '| all | 7209 |'],
      ['| pino |'],
    ],
    [
      'the embedded database beside PostgreSQL',
      {
        load: [{ call: 'create a visit', connections: 1, api: figure(84, 45), bare: figure(326, 12), ratio: 0.26 }],
        embedded: [{ call: 'create a visit', connections: 1, pglite: figure(164, 13) }],
      },
      ['| create a visit | 1 | 164 | 13 | 84 | 195% |'],
      [],
    ],
    [
      'the clinics one server carries, goal not met, and PGlite capped by its data',
      {
        day: [
          {
            database: 'PostgreSQL', clinicsInData: 2000, patients: 1_000_000, perClinicRate: 0.091, seconds: 10, carried: 160, capped: false,
            best: { clinics: 160, rate: 14.6, sent: 566, p50: 37, p95: 142, p99: 220, errors: 0, streamErrors: 0, cpuMs: 4.9, transactions: 2.69, ok: true },
            steps: [
              { clinics: 160, rate: 14.6, sent: 566, p50: 37, p95: 142, p99: 220, errors: 0, streamErrors: 0, cpuMs: 4.9, transactions: 2.69, ok: true },
              { clinics: 176, rate: 16, sent: 677, p50: 50, p95: 357, p99: 1269, errors: 0, streamErrors: 0, cpuMs: 7.8, slowest: 'GET /sync/changes (60, mean 90 ms, p95 400 ms)', ok: false },
              { clinics: 256, rate: 23.3, sent: 1058, p50: 54, p95: 292, p99: 566, errors: 2, streamErrors: 0, cpuMs: 3.2, ok: false },
            ],
          },
          { database: 'PGlite', clinicsInData: 128, patients: 25_600, perClinicRate: 0.091, seconds: 10, carried: 128, capped: true, best: { clinics: 128, rate: 11.7, sent: 398, p50: 12, p95: 63, p99: 136, errors: 0, streamErrors: 0, cpuMs: 7, ok: true }, steps: [] },
        ],
      },
      [
        '### PostgreSQL, 1,000,000 patients over 2,000 clinics',
        // Why: the smallest step that did not hold, what broke there, and where its time went.
        'Carried: **160 clinics** (14.6 req/s; p50 37 ms, p95 142 ms, p99 220 ms, 0 errors). Goal: at least 1,000 clinics: not met: at 176 clinics (16 req/s) p99 1269 ms over 300; most time in GET /sync/changes (60, mean 90 ms, p95 400 ms).',
        '| 160 | 14.6 | 566 | 37 | 142 | 220 | 0 | 0 | 4.9 | 2.69 | yes |',
        '| 176 | 16 | 677 | 50 | 357 | 1269 | 0 | 0 | 7.8 | - | no |',
        '**128 clinics** (every clinic of the data: the most it could ask)',
      ],
      [],
    ],
    [
      "a clinic's copy and its restore beside another clinic",
      {
        jobs: {
          patients: 3000, rows: 21000, zipBytes: 2_048_000,
          idle: { requests: 500, medianMs: 9.3, p99Ms: 33.2, worstMs: 52.5, loopMaxMs: 59.5, ownMaxMs: 31.2, ranMaxMs: 30.4 },
          export: { requests: 600, medianMs: 12.6, p99Ms: 70.1, worstMs: 74.7, loopMaxMs: 109.8, ownMaxMs: 40.5, ranMaxMs: 38.9, seconds: 35.1 },
          restore: { requests: 900, medianMs: 19.1, p99Ms: 78.5, worstMs: 131.4, loopMaxMs: 135.3, ownMaxMs: null, ranMaxMs: null, seconds: 75.2 },
        },
      },
      [
        "## A clinic's copy and its restore beside another clinic",
        '3,000 patients (21,000 records, a 2000 KiB ZIP)',
        'Goal: none waits over 100 ms: not met (worst 131.4 ms;',
        '| nothing runs | - | 500 | 9.3 | 33.2 | 52.5 | 59.5 | 31.2 | 30.4 |',
        '| it is restored | 75.2 | 900 | 19.1 | 78.5 | 131.4 | 135.3 | - | - |',
      ],
      ['100 ms: met'],
    ],
  ])('%s', (_, part, present, absent) => {
    const markdown = resultsMarkdown({ ...empty, ...part });
    for (const text of present) expect(markdown).toContain(text);
    for (const text of absent) expect(markdown).not.toContain(text);
  });

  describe('a run of some parts', () => {
    const before: BenchResults = { ...empty, date: '2026-11-25T09:00:00.000Z', parts: ['cold', 'rls'], coldStartMs: 900, rls: [{ query: 'old', connections: 1, app: 90, owner: 100, cost: 0.1 }] };
    const run: BenchResults = { ...empty, parts: ['cold'], coldStartMs: 1119 };

    it.each<[string, BenchResults | null, Record<string, string>, string[], string[]]>([
      ['nothing before: only what ran', null, { cold: empty.date }, ['1,119 ms'], ['## Row-level security', 'Kept from earlier runs']],
      [
        'keeps the parts it did not run, dated, and replaces the one it ran',
        before,
        { cold: empty.date, rls: before.date },
        ['1,119 ms', '| old | 1 | 90 | 100 | 10% |', 'Kept from earlier runs (a run measures only the parts it is given): rls (2026-11-25 09:00 UTC).'],
        ['900 ms'],
      ],
      ['keeps a kept part its first date', mergeResults(before, run), { cold: empty.date, rls: before.date }, ['rls (2026-11-25 09:00 UTC)'], []],
    ])('%s', (_, previous, measured, present, absent) => {
      const merged = mergeResults(previous, run);
      expect(merged.measured).toEqual(measured);
      const markdown = resultsMarkdown(merged);
      for (const text of present) expect(markdown).toContain(text);
      for (const text of absent) expect(markdown).not.toContain(text);
    });
  });
});
