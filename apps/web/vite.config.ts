import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` forwards /api (the API's default port); override with MILEPOST_API_PROXY. */
const apiTarget = process.env.MILEPOST_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Must come before the React plugin: generates src/routeTree.gen.ts and splits each route into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
        // Long-lived vendor chunks: an app release does not invalidate the browser's copy of the libraries.
        codeSplitting: {
          groups: [
            // The map's libraries load only with a map (components/map/map-canvas.tsx imports it lazily); the
            // offline atlas only when no HERE tiles are served. Neither may fall into the eager vendor chunk.
            { name: 'map', test: /node_modules[\\/](leaflet|topojson-client)[\\/]/, priority: 5 },
            { name: 'atlas', test: /node_modules[\\/](us-atlas|world-atlas)[\\/]/, priority: 5 },
            // The Reports chart's library loads only with its chart (reports-chart.tsx is imported lazily).
            { name: 'chart', test: /node_modules[\\/]uplot[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            { name: 'radix', test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui)[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
