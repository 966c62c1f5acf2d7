// The browser tests run against dist/client. Building it takes minutes on a busy two-core machine,
// so the e2e setup builds only when what the bundle is made from changed since the last build it
// made: a hash of those files' contents (not their times: a checkout or a copy touches them all
// without changing one), written beside the bundle once the build succeeded.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What `vite build` reads: the client, what it shares with the server, texts, declarations, config, locked dependencies. */
const INPUTS = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'src/client', 'src/shared', 'locales', 'resources'];
const STAMP = 'dist/client/.inputs-hash';

export function clientInputsHash(root: string): string {
  const hash = createHash('sha256');
  const add = (full: string) => {
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) add(path.join(full, name));
      return;
    }
    hash.update(`${path.relative(root, full)}\0`).update(fs.readFileSync(full)).update('\0');
  };
  for (const input of INPUTS) add(path.join(root, input));
  return hash.digest('hex');
}

/** True when dist/client was built by the e2e setup from exactly these inputs. */
export function clientBuildIsCurrent(root: string, inputs: string): boolean {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(path.join(root, 'dist/client/index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === inputs;
}

/** Marks dist/client as built from `inputs` (after a successful build; vite empties the folder first). */
export function markClientBuild(root: string, inputs: string): void {
  fs.writeFileSync(path.join(root, STAMP), `${inputs}\n`);
}
