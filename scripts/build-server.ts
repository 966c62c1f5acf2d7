// Bundles the server, with its npm packages, into dist/server/main.js for `npm start`. One file
// starts faster than hundreds of node_modules files resolved and compiled one by one (about 0.3 s
// of a 2 s cold start here). Left outside: PGlite (it loads its WebAssembly and data files from
// beside its own module), the native password hasher, pg's optional native driver, and ExcelJS
// (large, loaded by the first Excel export only).
// `npm start` runs this first (scripts/prestart.ts): a bundle newer than every file it was made from
// (listed by the last build in dist/server/inputs.json) is kept as it is, so a start rebuilds nothing unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const OUT = 'dist/server';
const BUNDLE = path.join(OUT, 'main.js');
const INPUTS = path.join(OUT, 'inputs.json');

/** Whether the bundle is newer than each file the last build read (and the lockfile). */
function upToDate(): boolean {
  try {
    const built = fs.statSync(BUNDLE).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(INPUTS, 'utf8')) as string[];
    return [...inputs, 'package-lock.json', 'scripts/build-server.ts'].every((file) => fs.statSync(file).mtimeMs <= built);
  } catch {
    // No bundle, no list, or a file gone: build.
    return false;
  }
}

/** Bundles the server; `ifChanged`: only when a file it is made from changed. Says whether it built. */
export async function buildServer(ifChanged: boolean): Promise<boolean> {
  if (ifChanged && upToDate()) return false;
  const result = await build({
    // The copy thread (src/server/exports/copy-thread.ts) is a second entry: the server starts it by its file.
    entryPoints: { main: 'src/server/main.ts', 'copy-thread': 'src/server/exports/copy-thread.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded from node_modules at run time: native or large, and the S3 SDK only when configured.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native', 'exceljs', '@aws-sdk/client-s3'],
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: true,
    outdir: OUT,
    logLevel: 'warning',
    metafile: true,
  });
  fs.writeFileSync(INPUTS, JSON.stringify(Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('<'))));
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer(process.argv.includes('--if-changed'));
