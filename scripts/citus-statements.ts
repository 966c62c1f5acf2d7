// Prints the statements distributing the schema on Citus (src/server/db/citus.ts, docs/operations.md#citus).
// Usage: npm run citus:statements. Without DATABASE_URL the schema is the migrations' own (an
// in-memory embedded database, migrated to the latest); with it, that database as it stands.
import { citusPlan, citusProblems, citusScript, readCitusSchema } from '../src/server/db/citus';
import { openDatabase } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';

const url = process.env.DATABASE_URL;
const db = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
try {
  if (!url) await migrate(db);
  const schema = await readCitusSchema(db.kysely);
  // The statements would fail half-way on a schema breaking the rules: say so instead.
  const problems = citusProblems(schema);
  if (problems.length) {
    console.error(`The schema breaks the Citus rules (tests/api/citus-schema.test.ts):\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    process.stdout.write(citusScript(citusPlan(schema)));
  }
} finally {
  await db.close();
}
