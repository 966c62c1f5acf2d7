// bench/RESULTS.md is written by `npm run bench` from the run's figures: each part measured gets
// its table, a part not run gets no section, and the profile's small entries are summed, not lost.
import { describe, expect, it } from 'vitest';
import { type BenchResults, resultsMarkdown } from '../../bench/results-markdown';

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

describe('bench/RESULTS.md', () => {
  it.each<[string, Partial<BenchResults>, string[], string[]]>([
    ['only the cold start', {}, ['2026-11-26: 2 cores (test)', '5 clinics x 500 patients', '## Cold start', '1,119 ms'], ['## API load', '## Pages']],
    [
      'API load at a fixed rate',
      { load: [{ call: 'patient search', connections: 64, rate: 200, api: figure(200, 242), bare: figure(200, 121), ratio: 1 }] },
      ['## API load', '| patient search | 64 at 200/s | 200 | 1 | 242 | 200 | 121 | 100% |'],
      [],
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
  ])('%s', (_, part, present, absent) => {
    const markdown = resultsMarkdown({ ...empty, ...part });
    for (const text of present) expect(markdown).toContain(text);
    for (const text of absent) expect(markdown).not.toContain(text);
  });
});
