import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresPassFiles } from './tests/api/passes.js';
import LongestFirst from './tests/sequencer.js';

// Every core: Vitest's default leaves one free (one worker on the CI's two cores).
const workers = Math.max(2, os.availableParallelism());

// `npm run test:postgres`: the API files whose behaviour depends on the database
// (tests/api/passes.ts), on the PostgreSQL server of TEST_DATABASE_URL.
const postgresPass = process.env.API_PASS === 'postgres';
if (postgresPass && !process.env.TEST_DATABASE_URL) throw new Error('API_PASS=postgres runs on PostgreSQL: set TEST_DATABASE_URL');

// One runner for everything `npm test` checks: unit tests, API tests against the real server and
// database, and end-to-end tests driving Chromium against the built app. At the end it prints how
// long each project took (tests/timings.ts).
export default defineConfig({
  test: {
    maxWorkers: workers,
    // Long files first, on a clean clone too (tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './tests/timings.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Two copies of react-router load unless Refine is inlined (DESIGN.md known traps).
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        test: {
          name: 'api',
          include: postgresPass ? postgresPassFiles() : ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded database per run, copied by each test (tests/api/template-db.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/setup.ts'],
          // Each file starts its own app on its own copy of that database, so the files of a worker
          // share its loaded modules (the server imported once per worker, not once per file):
          // most of a file's start went there. Helpers' module state runs on across files
          // (tests/api/samples.ts's counter); nothing of one file's database reaches another.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          // The files of a worker share its loaded modules (Playwright, axe-core, the locales and the
          // registry imported once per worker, not once per file); each file launches its own browser
          // and closes it, and the helpers' module state is only per test (tests/e2e/diagnostics.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // After the unit and API files (not beside them: Chromium wants the cores), its files on
          // every worker, each worker with a server of its own (tests/e2e/global-setup.ts).
          // E2E_WORKERS=1: one file at a time, on one server.
          sequence: { groupOrder: 1 },
          maxWorkers: Number(process.env.E2E_WORKERS) || workers,
          // A browser test that fails once on the CI's loaded two cores is run once more (five
          // clean-clone runs in a row each failed on a different test's timing, each passing
          // alone). A pass on the second run is printed at the end as flaky (tests/timings.ts),
          // with the first run's failure report above it, to be mended; twice is a failure.
          // E2E_RETRY=0: no second run.
          retry: Number(process.env.E2E_RETRY ?? 1),
          // A page shows what it fetched some time after it loads; on a busy CI machine well past
          // expect.poll's default second (two clean-clone runs failed on it).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
