// Writes the migration that creates the tables of newly declared resources, from their
// declarations (src/server/db/table-from-declaration.ts), and lists it in migrations/index.ts.
// Usage: npm run migration:new -- <migration_name> <resource> [<resource> ...]
// A `<resource>.<field>` argument adds that declared field to the resource's existing table
// instead (its column, checks, unique index and indexes: addedFieldStatements).
// The file holds the SQL itself: read it, adjust what the declaration cannot say (an extra index,
// a data move), and commit it; once shipped it never changes. tests/api/schema-drift.test.ts then
// checks that the database and the declarations agree.
import fs from 'node:fs';
import path from 'node:path';
import { resourceByName } from '../resources/index';
import { addedFieldStatements, createTableStatements } from '../src/server/db/table-from-declaration';

const [name, ...names] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9_]*$/.test(name) || !names.length) {
  console.error('Usage: npm run migration:new -- <migration_name> <resource> [<resource> ...]');
  process.exit(1);
}
const dir = path.join(import.meta.dirname, '../src/server/db/migrations');
const numbers = fs.readdirSync(dir).map((f) => /^(\d{3})_/.exec(f)?.[1]).filter((n): n is string => !!n).map(Number);
const id = `${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}_${name}`;
const tables = names.filter((n) => !n.includes('.'));
const added = names.filter((n) => n.includes('.')).map((n) => n.split('.') as [string, string]);
const defs = [...new Set([...tables, ...added.map(([r]) => r)])].map(resourceByName);
const statements = [
  ...tables.map(resourceByName).flatMap((def) => createTableStatements(def, resourceByName)),
  ...added.flatMap(([resource, field]) => addedFieldStatements(resourceByName(resource), [field], resourceByName)),
];
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
