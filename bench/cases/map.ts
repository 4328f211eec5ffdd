/**
 * The map in Chromium (docs/maps.md):
 * - a 20-stop route with a 50 000-point flexible polyline, decoded and drawn by the product's
 *   own RouteMap (bench/map/entry.tsx) — target p95 < 200 ms;
 * - the trips page's first-load JavaScript (gzip) with no map code in it: the web app is built,
 *   /trips is opened against a canned API, and every script it loads is weighed; then /routes
 *   shows that the map chunk arrives with the map.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { encode } from '../../packages/geo/src/flexpolyline';
import { percentile, type Figure } from '../lib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const webDir = path.join(repo, 'apps/web');

const STOPS = 20;

type Stop = { lat: number; lng: number; stopType: string; title: string };
/** What bench/map/entry.tsx puts on the page. */
interface MapBench {
  warm(): Promise<void>;
  firstDraw(stops: Stop[], routes: string[][]): Promise<{ decodeMs: number; drawMs: number; points: number }>;
  draw(stops: Stop[], routes: string[][]): Promise<{ decodeMs: number; drawMs: number; totalMs: number }>;
  select(stops: Stop[], routes: string[][], selected: number): Promise<number>;
}
declare global {
  interface Window {
    mapBench: MapBench;
  }
}
const POINTS = 50_000;

/** 20 stops from Chicago to Los Angeles by way of the plains, each leg a wiggling line of ~2 632 points. */
export function makeTrip(seed: number) {
  const start = { lat: 41.8781, lng: -87.6298 };
  const end = { lat: 34.0522, lng: -118.2437 };
  const stops = Array.from({ length: STOPS }, (_, i) => {
    const t = i / (STOPS - 1);
    return {
      lat: start.lat + (end.lat - start.lat) * t + Math.sin(i * 1.7) * 0.8,
      lng: start.lng + (end.lng - start.lng) * t + Math.cos(i * 1.3) * 0.5,
      stopType: i === 0 ? 'START' : i === STOPS - 1 ? 'DELIVERY' : ['PICKUP', 'TRAILER', 'SHOP', 'HOME'][i % 4]!,
      title: `Stop ${i + 1}`,
    };
  });
  const legs: string[] = [];
  const perLeg = Math.floor(POINTS / (STOPS - 1));
  for (let i = 0; i < STOPS - 1; i++) {
    const a = stops[i]!;
    const b = stops[i + 1]!;
    const n = i === STOPS - 2 ? POINTS - perLeg * (STOPS - 2) : perLeg;
    const polyline: number[][] = [];
    for (let k = 0; k < n; k++) {
      const t = k / (n - 1);
      // Roads wander: a few slow bends plus small jitter, as HERE's dense polylines do.
      const bend = Math.sin(t * Math.PI * (3 + seed)) * 0.15 + Math.sin(k * 0.37 + seed) * 0.002;
      polyline.push([a.lat + (b.lat - a.lat) * t + bend, a.lng + (b.lng - a.lng) * t - bend * 0.6]);
    }
    legs.push(encode({ polyline, precision: 5 }));
  }
  return { stops, legs };
}

function serveDir(dir: string, fallback?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
  };
  const server = http.createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, urlPath);
    if (!file.startsWith(dir) || !existsSync(file) || (await stat(file)).isDirectory()) file = path.join(dir, fallback ?? 'index.html');
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

export const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: sorted.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};

export async function drawFigures(browser: Browser, engine: Figure['engine']): Promise<Figure[]> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'milepost-map-bench-'));
  try {
    const [{ default: react }, { default: tailwind }] = await Promise.all([import('@vitejs/plugin-react'), import('@tailwindcss/vite')]);
    await build({
      configFile: false,
      logLevel: 'warn',
      root: path.join(here, '../map'),
      plugins: [react(), tailwind()],
      resolve: { alias: { '@': path.join(webDir, 'src') } },
      build: { outDir: out, emptyOutDir: true },
    });
    const site = await serveDir(out);
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    try {
      await page.goto(site.url);
      await page.waitForFunction(() => 'mapBench' in window);
      await page.evaluate(() => window.mapBench.warm());
      const primary = makeTrip(0);
      const alternatives = [makeTrip(1), makeTrip(2)];
      const one = [primary.legs];
      const three = [primary.legs, ...alternatives.map((t) => t.legs)];

      const first: number[] = [];
      const decode: number[] = [];
      const firstThree: number[] = [];
      const select: number[] = [];
      let points = 0;
      for (let i = 0; i < 23; i++) {
        const r = await page.evaluate(([s, e]) => window.mapBench.firstDraw(s, e), [primary.stops, one] as const);
        const r3 = await page.evaluate(([s, e]) => window.mapBench.firstDraw(s, e), [primary.stops, three] as const);
        const sel = await page.evaluate(([s, e]) => window.mapBench.select(s, e, 1), [primary.stops, three] as const);
        if (i < 3) continue; // warm-up
        first.push(r.drawMs);
        decode.push(r.decodeMs);
        firstThree.push(r3.drawMs);
        select.push(sel);
        points = r.points;
      }
      if (points !== POINTS) throw new Error(`expected ${POINTS} points, drew ${points}`);
      const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
      return [
        {
          case: `map: 20-stop route, ${POINTS.toLocaleString('en-US')}-point polyline — new map, offline basemap, markers, route, to the painted frame`,
          engine,
          ...stats(first),
          target: 'p95 < 200 ms',
          note: load,
        },
        { case: 'map: the same with 2 alternatives (150,000 points in all)', engine, ...stats(firstThree), note: load },
        { case: 'map: a grey alternative clicked — redrawn as primary, to the painted frame', engine, ...stats(select), note: load },
        { case: `map: flexible polyline decode, ${POINTS.toLocaleString('en-US')} points (packages/geo)`, engine, ...stats(decode) },
      ];
    } finally {
      await page.close();
      await site.close();
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** A JWT-shaped token the web app accepts (it reads the `exp` claim, never verifies). */
function fakeToken(): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

const MAP_CODE = /leaflet-container|topojson|"arcs":\[/;

async function bundleFigures(browser: Browser, engine: Figure['engine']): Promise<Figure[]> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'milepost-web-bench-'));
  try {
    await build({ configFile: path.join(webDir, 'vite.config.ts'), root: webDir, logLevel: 'warn', build: { outDir: out, emptyOutDir: true, sourcemap: false } });
    const site = await serveDir(out);
    const { PERMISSION_NAMES } = await import('../../packages/contracts/src/permissions');
    const me = {
      id: 1,
      email: 'owner@milepost.local',
      firstName: 'Olive',
      lastName: 'Owner',
      phone: null,
      role: 'OWNER',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      permissions: PERMISSION_NAMES.map((name) => ({ name, enabled: true })),
    };
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript((token) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('refreshToken', token);
    }, fakeToken());
    await context.route('**/api/v1/**', (route) => {
      const url = new URL(route.request().url());
      const p = url.pathname.replace('/api/v1', '');
      const data =
        p === '/me'
          ? me
          : p === '/client-config'
            ? { hereApiKey: null, mapTiles: { provider: 'OFFLINE' } }
            : p === '/user-route-setting/1'
              ? { id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' }
              : { content: [], page: 0, size: 50, totalElements: 0, totalPages: 1 };
      return route.fulfill({ json: { data } });
    });

    const weigh = async (pathname: string, settle: string) => {
      const page = await context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (res) => {
        const u = new URL(res.url());
        if (u.pathname.endsWith('.js')) scripts.set(u.pathname, await readFile(path.join(out, u.pathname)));
      });
      await page.goto(`${site.url}${pathname}`);
      await page.getByText(settle).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.close();
      const gzip = [...scripts.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      const withMap = [...scripts].filter(([name, b]) => /\/(map|atlas|route-map)-/.test(name) || MAP_CODE.test(b.toString('utf8'))).map(([name]) => path.basename(name));
      return { gzip, files: scripts.size, withMap };
    };

    const trips = await weigh('/trips', 'No data found');
    if (trips.withMap.length) throw new Error(`the trips table loaded map code: ${trips.withMap.join(', ')}`);
    const routes = await weigh('/routes', 'Select a truck, driver, and load number to display the route.');
    await context.close();
    await site.close();
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    return [
      {
        case: `bundle: /trips (table) first-load JS, gzip -9: ${kb(trips.gzip)} in ${trips.files} files, no map code`,
        engine,
        samples: 1,
        medianMs: 0,
        p95Ms: 0,
        target: 'no map chunk',
      },
      {
        case: `bundle: /routes first-load JS, gzip -9: ${kb(routes.gzip)} in ${routes.files} files; map code in ${routes.withMap.join(', ') || 'none'}`,
        engine,
        samples: 1,
        medianMs: 0,
        p95Ms: 0,
      },
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

export async function mapCase(): Promise<Figure[]> {
  const browser = await launch();
  try {
    return [...(await drawFigures(browser, 'none')), ...(await bundleFigures(browser, 'none'))];
  } finally {
    await browser.close();
  }
}
