// Once per run of the API project: the migrated and seeded database every test starts from
// (tests/api/template-db.ts), removed at the end rather than kept for the next run: the seed is made
// around today's date, and other runs on the same PostgreSQL would share (and drop) one kept under a
// common name. Made again on a watch-mode rerun when the sources or the day changed since.
import type { TestProject } from 'vitest/node';
import { lowerPasswordHashCostForTests } from '../../src/server/auth/passwords';
import { recordSetup } from '../timings';
import { type ApiTemplate, buildTemplate, removeTemplate, sourcesHash, today } from './template-db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The same variable the harness reads: a run on PostgreSQL needs no PGlite dump, and the reverse.
  const started = Date.now();
  const serverUrl = process.env.TEST_DATABASE_URL;
  // The demo accounts hashed as the test files hash (tests/api/setup.ts), so logging in is cheap.
  lowerPasswordHashCostForTests();
  let template: ApiTemplate = await buildTemplate(serverUrl);
  project.provide('apiTemplate', template);
  recordSetup(project.name, started, serverUrl ? 'template database on PostgreSQL' : 'template on the embedded database');

  project.onTestsRerun(async () => {
    if (template.sources === sourcesHash() && template.day === today()) return;
    const stale = template;
    template = await buildTemplate(serverUrl);
    project.provide('apiTemplate', template);
    await removeTemplate(stale, serverUrl);
  });

  return async () => {
    await removeTemplate(template, serverUrl);
  };
}
