import { defineConfig } from 'vitest/config';

// One runner for everything `npm test` checks: unit tests, API tests against the real server and
// database, and end-to-end tests driving Chromium against the built app.
export default defineConfig({
  test: {
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
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded database per run, copied by each test (tests/api/template-db.ts).
          globalSetup: ['tests/api/global-setup.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page shows what it fetched some time after it loads; on a busy CI machine well past
          // expect.poll's default second (two clean-clone runs failed on it).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
