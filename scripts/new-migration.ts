// Writes the migration that takes the schema to what the named resources declare, and lists it in
// migrations/index.ts. Usage: npm run migration:new -- <migration_name> [--drop] <resource> [...]
// The live schema it compares with is the one every migration so far makes (an in-memory database
// migrated from zero): a resource without a table gets CREATE TABLE, one with a table the ALTERs of
// its changed declaration (src/server/db/schema-changes.ts). What would lose or convert data (a
// type change, a required column with no default) is refused with the reason and nothing is
// written; what the table holds beyond its declaration is dropped with --drop, else listed.
// The file holds the SQL itself: read it, adjust what the declaration cannot say (a data move),
// and commit it; once shipped it never changes. tests/api/schema-drift.test.ts then checks that
// the database and the declarations agree.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { resourceByName, resources } from '../resources/index';
import { openDatabase } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { RefusedChange, schemaChanges } from '../src/server/db/schema-changes';

const args = process.argv.slice(2);
const drop = args.includes('--drop');
const [name, ...names] = args.filter((a) => a !== '--drop');
if (!name || !/^[a-z][a-z0-9_]*$/.test(name) || !names.length) {
  console.error('Usage: npm run migration:new -- <migration_name> [--drop] <resource> [<resource> ...]');
  process.exit(1);
}
const defs = names.map(resourceByName);
const db = await openDatabase({ dataDir: 'memory://' });
let statements: string[];
try {
  await migrate(db);
  const changes = await schemaChanges(db.kysely as unknown as Kysely<unknown>, defs, resourceByName, resources, { drop });
  statements = changes.statements;
  if (changes.kept.length) console.warn(`Kept what the declarations do not say (pass --drop to drop it):\n  ${changes.kept.join('\n  ')}`);
} catch (err) {
  if (!(err instanceof RefusedChange)) throw err;
  console.error(err.message);
  process.exit(1);
} finally {
  await db.close();
}
if (!statements.length) {
  console.log(`The schema already has what ${names.join(', ')} declare${names.length > 1 ? '' : 's'}: no migration written.`);
  process.exit(0);
}

const dir = path.join(import.meta.dirname, '../src/server/db/migrations');
const numbers = fs.readdirSync(dir).map((f) => /^(\d{3})_/.exec(f)?.[1]).filter((n): n is string => !!n).map(Number);
const id = `${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}_${name}`;
const body = statements.map((s) => `  await sql.raw(\`${s.replace(/[`\\]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${')}\`).execute(db);`).join('\n');
fs.writeFileSync(
  path.join(dir, `${id}.ts`),
  `// ${names.join(', ')}: generated from ${defs.length > 1 ? 'their declarations' : 'its declaration'} by \`npm run migration:new\` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
${body}
}
`,
);
const index = path.join(dir, 'index.ts');
const variable = `m${id.slice(0, 3)}`;
const text = fs
  .readFileSync(index, 'utf8')
  .replace(/(import \* as m\d{3} from '[^']+';\n)(?!import \* as m)/, `$1import * as ${variable} from './${id}';\n`)
  .replace(/( {2}'\d{3}_[a-z0-9_]+': m\d{3},\n)(?! {2}')/, `$1  '${id}': ${variable},\n`);
fs.writeFileSync(index, text);
console.log(`Wrote src/server/db/migrations/${id}.ts (${statements.length} statements) and listed it in migrations/index.ts.`);
