// The client bundle (dist/client), built again only when what it is made from changed since the last
// build: a hash of those files' contents (not their times: a checkout or a copy touches them all
// without changing one), written beside the bundle once the build succeeded. Building takes
// minutes on a busy two-core machine. Used by `npm start` (scripts/prestart.ts: a changed
// declaration or text is served at once, never a stale client), `npm run build` and the e2e setup.
// Usage: tsx scripts/client-build.ts [--if-changed]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What `vite build` reads: the client, what it shares with the server, texts, declarations, config and its plugins, locked dependencies. */
const INPUTS = ['index.html', 'vite.config.ts', 'scripts/antd-static-style.ts', 'scripts/antd-narrow-imports.ts', 'scripts/sw-first.ts', 'pwa.config.ts', 'tsconfig.json', 'package-lock.json', 'src/client', 'src/shared', 'locales', 'resources'];
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

/** True when dist/client was built from exactly these inputs. */
export function clientBuildIsCurrent(root: string, inputs: string): boolean {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(path.join(root, 'dist/client/index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === inputs;
}

/** Marks dist/client as built from `inputs` (after a successful build; vite empties the folder first). */
export function markClientBuild(root: string, inputs: string): void {
  fs.writeFileSync(path.join(root, STAMP), `${inputs}\n`);
}

/** Builds dist/client with vite; `ifChanged`: only when its inputs changed since. Says whether it built. */
export function buildClient(root: string, ifChanged: boolean): boolean {
  const inputs = clientInputsHash(root);
  if (ifChanged && clientBuildIsCurrent(root, inputs)) return false;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  markClientBuild(root, inputs);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildClient(process.cwd(), process.argv.includes('--if-changed'));
