// Bundles the server, with its npm packages, into dist/server/main.js for `npm start`. One file
// starts faster than hundreds of node_modules files resolved and compiled one by one (about 0.3 s
// of a 2 s cold start here). Left outside: PGlite (it loads its WebAssembly and data files from
// beside its own module), the native password hasher, pg's optional native driver, and ExcelJS
// (large, loaded by the first Excel export only).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native', 'exceljs'],
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  outdir: 'dist/server',
  logLevel: 'warning',
});
