import { fileURLToPath, URL } from 'node:url';
import type { InputType } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { gzipAsync } from '@gfx/zopfli';
import { compression } from 'vite-plugin-compression2';

/** Where `npm run dev` forwards /api (the API's default port); override with MILEPOST_API_PROXY. */
/** Gzip by Zopfli, for the precompressed .gz copies (see the compression plugin below). */
const zopfliGzip = async (input: InputType, options: { [key: string]: unknown }) => Buffer.from(await gzipAsync(Buffer.from(input as Uint8Array), options));

const apiTarget = process.env.MILEPOST_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Must come before the React plugin: generates src/routeTree.gen.ts and splits each route into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
    // Precompressed copies (.br and .gz) beside every text asset: the API serves them as they are
    // (docs/decisions/013-first-screen-loads-fast.md). Source maps are not compressed: nobody loads them at start.
    // The .gz copies are made with Zopfli: the same gzip format every browser reads, about 4 % smaller, made
    // once at build time for every browser that does not take brotli.
    compression({
      // CI builds for its own tests only: zlib's best gzip (a few % larger, many times quicker) instead of Zopfli.
      algorithms: ['brotliCompress', process.env.CI ? ['gzip', { level: 9 }] : [zopfliGzip, { numiterations: 5 }]],
      exclude: [/\.map$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The router's store reads through the pre-React-18 shim; React 19 has useSyncExternalStore itself, so its
      // selector variant without the shim does the same job in fewer bytes on every screen.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries split along the routes that use them, so the sign-in screen loads only what it needs
        // (docs/decisions/013-first-screen-loads-fast.md). React alone gets a long-lived chunk of its own.
        codeSplitting: {
          groups: [
            // The map's libraries load only with a map (components/map/map-canvas.tsx imports it lazily); the
            // offline atlas only when no HERE tiles are served. Neither may fall into an eager chunk.
            { name: 'map', test: /node_modules[\\/](leaflet|topojson-client)[\\/]/, priority: 5 },
            { name: 'atlas', test: /node_modules[\\/](us-atlas|world-atlas)[\\/]/, priority: 5 },
            // The Reports chart's library loads only with its chart (reports-chart.tsx is imported lazily).
            { name: 'chart', test: /node_modules[\\/]uplot[\\/]/, priority: 5 },
            // The form library loads with the forms (drawers, dialogs, sign-in), not with every screen that
            // shows a field label: components/ui/form-field.tsx only uses its types. Below React's priority:
            // a group takes the modules its matches import, and React must stay in its own chunk.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 3 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            // The few UI pieces every screen draws (class joining and merging, Slot, the icon base, button, input,
            // label) in one chunk: left to the splitter they fall into several small ones, each a
            // request and a gzip frame of its own, as the layers loaded on first use reach some of them.
            {
              name: 'ui',
              test: /node_modules[\\/](clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|label|primitive))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon\.|Icon\.|defaultAttributes\.|context\.|shared[\\/])|src[\\/]lib[\\/]utils\.ts|src[\\/]components[\\/]ui[\\/](button|input|label)\.tsx/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
