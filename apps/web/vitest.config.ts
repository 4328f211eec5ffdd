import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Self-contained: runnable as `npx vitest run --root apps/web` or as the `web` project of the root config.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Files run one after another in a worker that keeps React, the router and happy-dom loaded
    // (src/test/setup.ts cleans up after each test): re-importing them per file cost most of the run.
    isolate: false,
    // Above the 5 s a findBy… may wait (src/test/setup.ts).
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
