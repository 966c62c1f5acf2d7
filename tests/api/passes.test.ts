// Every API test file is placed on purpose: in the PostgreSQL pass or on the embedded database
// only (tests/api/passes.ts), never both, never neither, and with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { EMBEDDED_ONLY, POSTGRES_PASS } from './passes';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.test\.ts$/, ''))
  .sort();

it('names every API test file in exactly one pass, each with a reason', () => {
  const named = [...Object.keys(POSTGRES_PASS), ...Object.keys(EMBEDDED_ONLY)];
  expect(named.filter((name) => name in POSTGRES_PASS && name in EMBEDDED_ONLY)).toEqual([]);
  expect(files.filter((f) => !named.includes(f))).toEqual([]);
  expect(named.filter((name) => !files.includes(name))).toEqual([]);
  expect(Object.entries({ ...POSTGRES_PASS, ...EMBEDDED_ONLY }).filter(([, why]) => why.trim().length < 8)).toEqual([]);
});

it('runs the files whose behaviour depends on the database: sessions across processes, migrations, drift, Citus, the scheduler, the access epoch, two nodes, row-level security, a lost connection', () => {
  for (const name of ['session-cache', 'live', 'migrations', 'schema-drift', 'citus-schema', 'scheduler', 'access-epoch', 'two-nodes', 'isolation', 'db-connection']) expect([name, name in POSTGRES_PASS]).toEqual([name, true]);
});
