/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The Go server serves the API on :8080 during development; the built SPA in dist/ is embedded
// into the Go binary, which serves it with an index.html fallback. Each asset is also written
// gzipped and brotli-compressed at their best levels, once, so that the server answers the form
// the browser accepts without compressing anything per request.
export default defineConfig({
  plugins: [react(), compression({ include: /\.(js|css|svg|json)$/, threshold: 1024, algorithms: ['gzip', 'brotliCompress'] })],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    // One environment per worker, not per file: creating jsdom and importing antd and React
    // again for each of 69 files took more of the run than the tests themselves (372 s against
    // 150 s). src/test/fresh.ts gives each file our modules afresh all the same.
    isolate: false,
    setupFiles: ['./src/test/fresh.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A screen under jsdom can take seconds on a busy machine (CI runs with a core kept busy).
    testTimeout: 30_000,
    // Dates read in UTC, whatever the machine's zone, so that a test can write the time it expects.
    env: { TZ: 'UTC' },
  },
});
