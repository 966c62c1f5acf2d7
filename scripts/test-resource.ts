// The registry-driven tests of one resource, in a few minutes rather than the whole suite's
// (issue 38). Usage: npm run test:resource -- <resource>   (on PostgreSQL: TEST_DATABASE_URL=... too)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { resourceByName, resources } from '../resources/index';
import { namePattern, registryDrivenFiles } from './resource-tests';

const name = process.argv[2];
try {
  if (!name) throw new Error('Name a resource');
  resourceByName(name);
} catch (err) {
  console.error(`${(err as Error).message}. Known: ${resources.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
const root = path.join(import.meta.dirname, '..');
const files = registryDrivenFiles(root);
console.log(`${name}: its groups in ${files.length} registry-driven files (${files.map((f) => path.basename(f, '.test.ts')).join(', ')})`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--project', 'unit', '-t', namePattern(name), ...files], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
