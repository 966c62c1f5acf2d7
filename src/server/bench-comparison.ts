// The benchmark's comparison server (bench/load.ts starts it with BENCH_WITHOUT_*): the same server
// with one guarantee left out, to measure what that guarantee costs. What it swaps into the engine
// is built here, once, when the app is built: the engine's own code paths never ask whether this
// is a benchmark. Never for clinics.
import type { DataAccessOptions } from './engine/data-access';

export type EngineParts = Pick<DataAccessOptions, 'trail' | 'settings' | 'labels'>;

/** What the comparison server leaves out (config.ts reads the BENCH_WITHOUT_* switches). */
export interface LeftOut {
  audit: boolean;
  relationLabels: boolean;
  live: boolean;
}

/** The engine's parts for a server leaving `out` out; nothing left out: the engine's own (none given). */
export function comparisonParts(out: LeftOut): EngineParts {
  return {
    // No trail at all: no change writes its event.
    ...(out.audit ? { trail: async () => undefined } : {}),
    // Writes announce no live update (migration 039 reads the setting).
    ...(out.live ? { settings: { 'app.live_off': 'on' } } : {}),
    // Answers carry no relation titles.
    ...(out.relationLabels ? { labels: { plan: () => ({ columns: [], columnsIn: () => [], key: '', labels: () => ({}) }), of: async () => ({}) } } : {}),
  };
}
