// What `npm start` runs first, in one process (each tsx start costs a few tenths of a second of the
// cold start budget): the resource registry written again when a file of resources/ is newer (a new
// entity declared), the server bundle rebuilt when a file it is made from changed, the client when
// its inputs did (a changed declaration in resources/ or text in locales/ included), so a start
// never serves a stale client. Nothing changed: nothing is built.
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server';
import { buildClient } from './client-build';
import { writeRegistries } from './write-registry';

const registry = path.join('resources', 'registry.ts');
const changed = (file: string, since: number) => fs.statSync(file).mtimeMs > since;
const written = fs.existsSync(registry) ? fs.statSync(registry).mtimeMs : 0;
if ((fs.readdirSync('resources', { recursive: true }) as string[]).some((file) => changed(path.join('resources', file), written))) {
  await writeRegistries();
}
await buildServer(true);
buildClient(process.cwd(), true);
