import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace modules with vi.mock (or count imports): they run in a fresh module graph
 * each, as the `web-isolated` project of the root config. A new file that mocks a module goes here.
 */
export const ISOLATED_WEB_TESTS = [
  'src/components/ui/lazy-layer.test.tsx',
  'src/components/layout/toasts.test.tsx',
  // Reads the sidebar_state cookie and the sidebar's stored state, which other files leave behind.
  'src/components/layout/app-sidebar.test.tsx',
  'src/features/auth/components/login-page.test.tsx',
  'src/features/reports/components/reports-screen.test.tsx',
  // Mocks the Reports chart, as the file above.
  'src/test/km-agreement.test.tsx',
  'src/lib/utils.test.ts',
];

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
    exclude: ISOLATED_WEB_TESTS,
    restoreMocks: true,
    // Files run one after another in a worker that keeps React, the router and happy-dom loaded
    // (src/test/setup.ts cleans up after each test): re-importing them per file cost most of the run.
    isolate: false,
    // Above the 5 s a findBy… may wait (src/test/setup.ts).
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
