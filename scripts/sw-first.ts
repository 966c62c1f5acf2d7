// Which files the service worker caches first (src/client/sw.ts, issue 41): the login page's and
// the signed-in path's module graph, read from the build's own chunk graph, never a list of hashed
// names. The roots are the entry (index.html's script), the login page and what the login's warmup
// imports (src/client/warmup.ts: the shell, the generated pages, the dashboards); each root brings
// every chunk it imports statically, and each chunk its styles. The first visit then loads the
// signed-in code out of CacheStorage, so V8 makes its code cache then and a repeat visit uses it.
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** Source modules whose chunks (with their static imports) are cached first; warmup.ts adds its own dynamic imports. */
const ROOT_MODULES = ['src/client/pages/Login.tsx', 'src/client/warmup.ts'];
const WARMUP = 'src/client/warmup.ts';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

let firstFiles: Set<string> | null = null;

const rel = (id: string | null) => (id ? path.relative(process.cwd(), id).split(path.sep).join('/') : '');

/** The first set of a bundle: the roots' static closure, their styles and index.html. */
export function firstSet(chunks: ChunkLike[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = chunks.filter((c) => c.isEntry || ROOT_MODULES.includes(rel(c.facadeModuleId)));
  const warmup = chunks.find((c) => rel(c.facadeModuleId) === WARMUP);
  const missing = ROOT_MODULES.filter((m) => !chunks.some((c) => rel(c.facadeModuleId) === m));
  if (!warmup || missing.length) throw new Error(`sw-first: the login or warmup chunk is missing from the build (${missing.join(', ')})`);
  const files = new Set<string>(['index.html']);
  const add = (name: string) => {
    const chunk = byName.get(name);
    if (!chunk || files.has(name)) return;
    files.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(imported);
  };
  for (const root of [...roots.map((c) => c.fileName), ...warmup.dynamicImports]) add(root);
  return files;
}

/** Notes the client build's first set (read by markFirst once Workbox lists the precache). */
export function swFirst(): Plugin {
  return {
    name: 'sw-first',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as ChunkLike[];
      // The worker's own build (vite-plugin-pwa builds sw.ts apart) has no login: keep the client's.
      if (!chunks.some((c) => rel(c.facadeModuleId) === WARMUP)) return;
      firstFiles = firstSet(chunks);
    },
  };
}

/** Workbox manifest transform: marks the first set's entries `first: true` (sw.ts reads it). */
export const markFirst: ManifestTransform = (entries) => {
  if (!firstFiles) throw new Error('sw-first: the client build noted no first set (is swFirst() in the plugins?)');
  const first = firstFiles;
  const missing = [...first].filter((f) => !entries.some((e) => e.url === f));
  if (missing.length) throw new Error(`sw-first: not in the precache list: ${missing.join(', ')}`);
  return { manifest: entries.map((e) => (first.has(e.url) ? { ...e, first: true } : e)), warnings: [] };
};
