import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { percentile, startServer, type Figure } from '../lib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const SAMPLES = 5;
/** Targets of docs/decisions/013-first-screen-loads-fast.md: JS+CSS gzip on a cold load. */
const TARGET_KB = { '/login': 135, '/trips': 201 } as const;

interface Load {
  lcpMs: number;
  /** Bytes the browser received for JS and CSS (brotli, as served). */
  transferred: number;
  /** The same files as gzip (the .gz copies the build wrote). */
  gzip: number;
  /** The same files uncompressed. */
  raw: number;
  files: number;
  /** Each file's path and gzip size, largest first. */
  list: [string, number][];
}

/** One cold load of `screen` in a fresh browser context (empty cache), signed in when tokens are given. */
async function coldLoad(browser: Browser, base: string, screen: string, tokens?: { accessToken: string; refreshToken: string }): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    if (tokens) {
      await context.addInitScript({
        content: `localStorage.setItem('accessToken', ${JSON.stringify(tokens.accessToken)}); localStorage.setItem('refreshToken', ${JSON.stringify(tokens.refreshToken)});`,
      });
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(base + screen, { waitUntil: 'networkidle' });
    // Chromium's Largest Contentful Paint of this load (buffered entries; the last one counts).
    const lcpMs = Number(
      await page.evaluate(`new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(NaN), 3000);
      })`),
    );
    const load: Load = { lcpMs, transferred: 0, gzip: 0, raw: 0, files: 0, list: [] };
    for (const [id, url] of urls) {
      const file = new URL(url).pathname;
      if (!/\.(js|css)$/.test(file)) continue;
      const onDisk = path.join(DIST, file);
      load.files += 1;
      load.transferred += bytes.get(id) ?? 0;
      load.raw += statSync(onDisk).size;
      const gzip = existsSync(`${onDisk}.gz`) ? statSync(`${onDisk}.gz`).size : statSync(onDisk).size;
      load.gzip += gzip;
      load.list.push([file, gzip]);
    }
    load.list.sort((a, b) => b[1] - a[1]);
    return load;
  } finally {
    await context.close();
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);

/**
 * The first screen (docs/decisions/013-first-screen-loads-fast.md): the built app served by the
 * API as in production, loaded cold in Chromium — JS+CSS bytes (as sent, brotli; and as gzip) and
 * Chromium's Largest Contentful Paint for /login and, signed in, /trips. Needs `npm run build`.
 */
export async function firstScreenCase(): Promise<Figure[]> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('first-screen: run `npm run build` first');
  const server = await startServer('pglite', { webDistDir: DIST });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const [owner] = await server.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
    const password = 'bench-password-1';
    await server.database.db
      .insert(users)
      .values({ email: 'first-screen@example.test', firstName: 'First', lastName: 'Screen', roleId: owner!.id, passwordHash: await hashPassword(password) });
    const res = await fetch(`${server.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first-screen@example.test', password }),
    });
    const tokens = ((await res.json()) as { data: { accessToken: string; refreshToken: string } }).data;

    const figures: Figure[] = [];
    for (const screen of ['/login', '/trips'] as const) {
      await coldLoad(browser, server.url, screen, screen === '/login' ? undefined : tokens); // warm-up of the server, not the browser
      const loads: Load[] = [];
      for (let i = 0; i < SAMPLES; i++) loads.push(await coldLoad(browser, server.url, screen, screen === '/login' ? undefined : tokens));
      const lcp = loads.map((l) => l.lcpMs).sort((a, b) => a - b);
      const last = loads.at(-1)!;
      // FIRST_SCREEN_FILES=1 lists what the screen loaded, to see where its bytes go.
      if (process.env.FIRST_SCREEN_FILES) {
        console.log(`${screen}: ${kb(last.gzip)} KB gzip in ${last.files} files`);
        for (const [file, gzip] of last.list) console.log(`${kb(gzip).padStart(8)} KB  ${file}`);
      }
      figures.push({
        case: `first screen ${screen}: Chromium LCP, cold cache`,
        engine: 'pglite',
        samples: SAMPLES,
        medianMs: percentile(lcp, 50),
        p95Ms: percentile(lcp, 95),
        target: `JS+CSS ≤ ${TARGET_KB[screen]} KB gzip`,
        note: `JS+CSS ${kb(last.gzip)} KB gzip, ${kb(last.transferred)} KB sent (brotli), ${kb(last.raw)} KB uncompressed, ${last.files} files`,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}
