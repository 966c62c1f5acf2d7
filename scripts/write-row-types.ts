// Writes src/server/db/declared-tables.ts: Kysely's row types of the declared tables
// (src/server/db/row-types.ts), so the hand-written queries read the columns the declarations say.
// Run by `npm run resources`; tests/unit/row-types.test.ts fails when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { resources } from '../resources/index';
import { rowTypesSource } from '../src/server/db/row-types';

const target = path.join(import.meta.dirname, '../src/server/db/declared-tables.ts');
const source = rowTypesSource(resources);
if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== source) {
  fs.writeFileSync(target, source);
  console.log('src/server/db/declared-tables.ts written');
}
