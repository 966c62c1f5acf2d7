import { defineConfig } from 'vite';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { pwaOptions } from './pwa.config.js';
import { antdStaticStyle } from './scripts/antd-static-style.js';
import { antdNarrowImports } from './scripts/antd-narrow-imports.js';
import { swFirst } from './scripts/sw-first.js';

/** Chunks of screens seldom opened (see modulePreload below). */
const RARE_SCREENS = /^assets\/(Terms|Laws|VerifyDocument|Forgot|ErrorScreen|SupportSession)-[\w-]{8}\.js$/;

// The client: root index.html, entry src/client/main.tsx, built to dist/client (served by the
// server with an SPA fallback). The dev server proxies the API to a locally running server.
export default defineConfig(({ command, mode }) => {
  // A production build is a production build even when the caller's NODE_ENV says otherwise
  // (Vitest sets NODE_ENV=test, and the e2e set-up builds from inside it): otherwise React's
  // development builds and the development JSX runtime are bundled. Vite reads NODE_ENV after
  // loading this file. `vite build --mode development` still gives a development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    // VitePWA: the service worker of the installable app (pwa.config.ts, issue 36).
    // antdStaticStyle: antd's styles for our theme as a stylesheet made at build time, not in the
    // browser (scripts/antd-static-style.ts).
    // swFirst: which files the worker caches first, from the chunk graph (scripts/sw-first.ts).
    // antdNarrowImports: two of antd's imports that loaded, with every table, code few tables use
    // (scripts/antd-narrow-imports.ts).
    // compression: each text file of the build also as .br and .gz, served as they are
    // (src/server/app.ts, preCompressed): brotli at its best level, and no CPU spent per request
    // compressing the same files again (a phone on a slow link gets the smaller brotli).
    plugins: [react(), antdStaticStyle(), antdNarrowImports(), swFirst(), VitePWA(pwaOptions), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/, threshold: 1024 })],
    // qs needs three methods of side-channel, whose package brings object-inspect and
    // get-intrinsic (src/client/shims/side-channel.ts says more). The client build only.
    resolve: command === 'build' ? { alias: [{ find: /^side-channel$/, replacement: path.resolve(import.meta.dirname, 'src/client/shims/side-channel.ts') }] } : undefined,
    build: {
      // A dynamic import carries the list of files its chunk needs, preloaded with it (no import
      // waterfall); the lists of the entry's imports weigh on every page's first load. Screens
      // seldom opened (terms, laws, a print's check, password recovery, error screens, a support
      // session) load theirs through the module graph instead (issue 41: the list's read-ahead).
      modulePreload: { resolveDependencies: (file, deps, { hostId }) => (/^assets\/index-/.test(hostId) && RARE_SCREENS.test(file) ? [] : deps) },
      outDir: 'dist/client',
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        // @refinedev/simple-rest (used for its query-string helper) declares no `sideEffects`, so
        // its unused axios-based provider would be bundled; it has no side effects we rely on.
        // rc-field-form (antd's Form engine) declares none either: antd's Input reaches it for a
        // context only, and without this the whole validation engine loads with every input
        // (the login page has no antd Form). Its modules only define things.
        // papaparse declares none either: @refinedev/core (one module) imports it for useImport
        // and useExport, which the app does not use; unmarked, it loaded with every logged-in page.
        treeshake: {
          moduleSideEffects: [
            { test: /[\\/]@refinedev[\\/]simple-rest[\\/]/, sideEffects: false },
            { test: /[\\/]rc-field-form[\\/]/, sideEffects: false },
            { test: /[\\/]papaparse[\\/]/, sideEffects: false },
            // Refine's devtools trace parser, which runs in development builds only.
            { test: /[\\/](error-stack-parser|stackframe)[\\/]/, sideEffects: false },
          ],
        },
        output: {
          // What the entry imports statically (React, React Router, antd's core, i18next, dayjs)
          // in one chunk: left to itself the bundler splits it into a score of small chunks that
          // every page loads anyway, and each compresses worse alone (login: -9 KiB gzip).
          // antd's text input with its style and rc-input in one chunk, as the login page and every
          // list load them together (split three ways when the list's save-view dialog went lazy,
          // they weighed more on the login page than in one).
          codeSplitting: {
            groups: [
              { name: 'boot', tags: ['$initial'] },
              { name: 'input', test: /[\\/](rc-input[\\/]es[\\/](Input|BaseInput|index|utils[\\/]commonUtils|hooks[\\/]useCount)\.js|antd[\\/]es[\\/](input[\\/]style[\\/]|_util[\\/]getAllowClear\.js))/ },
            ],
          },
        },
      },
    },
    server: {
      proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
    },
  };
});
