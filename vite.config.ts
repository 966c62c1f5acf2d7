import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client: root index.html, entry src/client/main.tsx, built to dist/client (served by the
// server with an SPA fallback). The dev server proxies the API to a locally running server.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // @refinedev/simple-rest (used for its query-string helper) declares no `sideEffects`, so
      // its unused axios-based provider would be bundled; it has no side effects we rely on.
      treeshake: { moduleSideEffects: [{ test: /[\\/]@refinedev[\\/]simple-rest[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
