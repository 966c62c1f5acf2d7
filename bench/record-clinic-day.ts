// Records what the clinic's screens send (issue 41): runs the browser tests of the desk, the
// doctor, the nurse, prints, payments and the live queue with CLINIC_DAY_RECORD set
// (tests/e2e/request-log.ts), and writes each screen's requests as route patterns to
// bench/clinic-day-recorded.json. bench/clinic-day-model.json builds the day from these patterns;
// bench/clinic-day.ts refuses a model naming a pattern no screen sent.
//   npx tsx bench/record-clinic-day.ts        (about 3 minutes; builds the client if it is not current)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordedRequest } from '../tests/e2e/request-log';
import { patternOf } from './clinic-day-model';

export const RECORDED_TESTS = ['tests/e2e/clinic-journeys.test.ts', 'tests/e2e/payments.test.ts', 'tests/e2e/prints.test.ts', 'tests/e2e/live.test.ts'];
const OUT = 'bench/clinic-day-recorded.json';

/** Each screen (its address as a pattern) and the request patterns sent while on it, with how often. */
export function screensOf(lines: RecordedRequest[]): Record<string, Record<string, number>> {
  const screens: Record<string, Record<string, number>> = {};
  for (const line of lines) {
    const screen = line.screen.replace(/\/\d+(?=\/|$)/g, '/:id') || '(worker)';
    const request = patternOf(line.method, line.url);
    screens[screen] ??= {};
    screens[screen][request] = (screens[screen][request] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(screens).sort(([a], [b]) => a.localeCompare(b)));
}

if (process.argv[1]?.endsWith('record-clinic-day.ts')) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-day-')), 'requests.jsonl');
  execFileSync('npx', ['vitest', 'run', '--project', 'e2e', ...RECORDED_TESTS], { stdio: 'inherit', env: { ...process.env, CLINIC_DAY_RECORD: file, E2E_WORKERS: '1' } });
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RecordedRequest);
  const recorded = { recorded: new Date().toISOString().slice(0, 10), tests: RECORDED_TESTS, requests: lines.length, screens: screensOf(lines) };
  fs.writeFileSync(OUT, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`${lines.length} requests on ${Object.keys(recorded.screens).length} screens written to ${OUT}`);
}
