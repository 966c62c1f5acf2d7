// A bench run of some parts (BENCH_PARTS) keeps every other part's figures from the run before,
// each with the date it was measured: bench/RESULTS.md always holds the latest figure of every
// part, written by the bench, never pieced together by hand.
import type { BenchResults } from './results-markdown';

/** Each part of `npm run bench` and the field of the results it fills. */
export const PART_FIELDS = {
  load: 'load',
  costs: 'costs',
  profile: 'profile',
  rls: 'rls',
  pglite: 'embedded',
  pages: 'pages',
  offline: 'offline',
  outbox: 'outbox',
  day: 'day',
  jobs: 'jobs',
  cold: 'coldStartMs',
} as const satisfies Record<string, keyof BenchResults>;

export type Part = keyof typeof PART_FIELDS;

/** When a part of these results was measured (ISO), if it was. */
export function measuredAt(results: BenchResults, part: Part): string | undefined {
  return results.measured?.[part] ?? (results.parts.includes(part) ? results.date : undefined);
}

/** This run's parts, and every part it did not run as `previous` had it, each with its date. */
export function mergeResults(previous: BenchResults | null, run: BenchResults): BenchResults {
  const merged: BenchResults = { ...run, measured: {} };
  for (const part of Object.keys(PART_FIELDS) as Part[]) {
    const field = PART_FIELDS[part];
    const date = run.parts.includes(part) ? run.date : previous ? measuredAt(previous, part) : undefined;
    if (!date) continue;
    merged.measured![part] = date;
    if (date !== run.date && previous) Object.assign(merged, { [field]: previous[field] });
  }
  return merged;
}
