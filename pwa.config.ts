// The service worker of the installable app (issues 36 and 41): our own small worker
// (src/client/sw.ts) on Workbox's modules, built by vite-plugin-pwa, which injects the precache
// list: the built shell (scripts, styles, fonts, icons, every language's texts as they are chunks
// of the build), the login's and the signed-in path's files marked to be cached first
// (scripts/sw-first.ts). Every navigation is answered with index.html, so the app starts with the
// server stopped. /api is never cached: no runtime caching, and navigations under /api go to the
// network. The manifest is the server's (GET /api/v1/app/manifest: the clinic's name, the active
// language's dir and lang), so the plugin writes none. A new worker waits until the user reloads
// (src/client/offline/serviceWorker.ts).
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { markFirst } from './scripts/sw-first.js';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/client',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  includeManifestIcons: false,
  injectManifest: {
    // woff2 only: every browser that runs service workers reads woff2, the woff twins stay online.
    globPatterns: ['**/*.{js,css,html,woff2}', 'icons/*.png'],
    globIgnores: ['**/node_modules/**', 'sw.js', 'workbox-*.js'],
    // The export chunk (exceljs) and the charts are large but must open offline too.
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    // The file names carry their hashes: no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [markFirst],
    // A classic worker (workbox-window registers it so), one file.
    rollupFormat: 'iife',
    // No source maps of the worker in dist (they would be precached by nothing, but served).
    sourcemap: false,
  },
};
