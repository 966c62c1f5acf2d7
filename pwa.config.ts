// The service worker of the installable app (issue 36), built by vite-plugin-pwa with Workbox.
// It precaches the built shell (scripts, styles, fonts, icons, every language's texts as they are
// chunks of the build) and answers every navigation with index.html, so the app starts with the
// server stopped. /api is never cached: no runtime caching, and navigations under /api go to the
// network. The manifest is the server's (GET /api/v1/app/manifest: the clinic's name, the active
// language's dir and lang), so the plugin writes none. A new worker waits until the user reloads
// (src/client/offline/serviceWorker.ts).
import type { VitePWAOptions } from 'vite-plugin-pwa';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  filename: 'sw.js',
  includeManifestIcons: false,
  workbox: {
    // woff2 only: every browser that runs service workers reads woff2, the woff twins stay online.
    globPatterns: ['**/*.{js,css,html,woff2}', 'icons/*.png'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    // The export chunk (exceljs) and the charts are large but must open offline too.
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    // The first worker takes the open page at once (there is no older version to mix with); a
    // later one activates only when the user reloads for it.
    clientsClaim: true,
    // The file names carry their hashes: no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    runtimeCaching: [],
    // No source maps of the worker in dist (they would be precached by nothing, but served).
    sourcemap: false,
  },
};
