/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// adminjs (API side) pulls React 18 into the root node_modules; the SPA runs React 19 from
// frontend/node_modules. Dedupe (and inline the test libraries) so every import gets the SPA's copy.
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'swr'];

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { dedupe: SINGLETONS },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The spec files of a worker share one jsdom and one module graph instead of building both for every file
    // (measured: the environments and set-ups were 85 % of the tier's CPU time). What a file leaves behind is
    // reset before each test (src/test/setup.ts: session, toasts, storage, stubbed globals, the DOM by cleanup);
    // module mocks live in setup.ts, once for all files.
    isolate: false,
    // Vitest's default is a worker per core but one: a single worker on a 2-core machine, where the tier took 42.6 s
    // with the second core mostly idle; two workers took 28.2 s (the Jest unit tier does the same).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // userEvent-driven specs on a shared 2-core machine can pass 5 s
    testTimeout: 20_000,
    // Vitest loads node_modules with Node's resolver unless inlined: inline the React-using libraries so
    // the aliases below apply to them too.
    server: { deps: { inline: [/@testing-library\/react/, /node_modules\/swr\//, /node_modules\/react-hook-form\//] } },
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/test/use-sync-external-store-shim.ts', import.meta.url)) },
      // Its CommonJS entry would require() the root React 18; its ESM entry goes through these aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(new URL('../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url)),
      },
      { find: /^react$/, replacement: fileURLToPath(new URL('./node_modules/react/index.js', import.meta.url)) },
      { find: /^react\/(.*)$/, replacement: fileURLToPath(new URL('./node_modules/react/', import.meta.url)) + '$1' },
      { find: /^react-dom$/, replacement: fileURLToPath(new URL('./node_modules/react-dom/index.js', import.meta.url)) },
      { find: /^react-dom\/(.*)$/, replacement: fileURLToPath(new URL('./node_modules/react-dom/', import.meta.url)) + '$1' },
    ],
  },
});
