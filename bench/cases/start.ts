import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Engine, type Figure, freePort, percentile, postgresReachable, scratchDatabase, serverNodeFlags } from '../lib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
/** Restarts measured per engine (after a first start that migrates, and on PGlite seeds the demo). */
const RESTARTS = 5;
/** Idle time after ready before the resident memory is read. */
const SETTLE_MS = 3_000;

async function until(url: string, deadline: number): Promise<number> {
  for (;;) {
    const ok = await fetch(url)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return performance.now();
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Run {
  healthyMs: number;
  readyMs: number;
  rssMB: number;
  /** The server's own figures, logged when ready (apps/api/src/main.ts). */
  memoryMB?: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  cpuMs?: number;
}

/** One start of the built product as `npm start` runs it (plain node, NODE_ENV=production), timed from spawn. */
async function startOnce(env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...serverNodeFlags(), MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_PRETTY: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  try {
    const deadline = Date.now() + 600_000;
    const healthy = await until(`http://127.0.0.1:${port}/api/health`, deadline);
    const ready = await until(`http://127.0.0.1:${port}/api/ready`, deadline);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1]);
    const line = out.split('\n').find((l) => l.includes('"memoryMB"'));
    const logged = line ? (JSON.parse(line) as { memoryMB: Run['memoryMB']; cpuMs: number }) : undefined;
    return { healthyMs: healthy - t0, readyMs: ready - t0, rssMB: rssKb / 1024, memoryMB: logged?.memoryMB, cpuMs: logged?.cpuMs };
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${out}`);
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

function figures(engine: Engine, runs: Run[], first: Run): Figure[] {
  const sorted = (f: (r: Run) => number) => runs.map(f).sort((a, b) => a - b);
  const healthy = sorted((r) => r.healthyMs);
  const ready = sorted((r) => r.readyMs);
  const rss = sorted((r) => r.rssMB);
  const last = runs.at(-1)!;
  const m = last.memoryMB;
  const load = os.loadavg()[0]!.toFixed(1);
  const made = m
    ? engine === 'pglite'
      ? `: V8 heap ${m.heapTotal} MB (${m.heapUsed} used), PGlite's WebAssembly memory and buffers ${m.external} MB, the rest code (V8's and PGlite's compiled WebAssembly)`
      : `: V8 heap ${m.heapTotal} MB (${m.heapUsed} used), external ${m.external} MB, the rest code`
    : '';
  return [
    {
      case: 'start: restart to healthy (built product)',
      engine,
      samples: runs.length,
      medianMs: percentile(healthy, 50),
      p95Ms: percentile(healthy, 95),
      target: engine === 'pglite' ? '< 5 s (demo data)' : '< 3 s',
      note: `first start ${(first.healthyMs / 1000).toFixed(1)} s${engine === 'pglite' ? ' (migrates, seeds the demo)' : ' (migrates)'}; CPU to ready ${last.cpuMs ?? '?'} ms; load average ${load}`,
    },
    {
      case: 'start: restart to ready (/api/ready 200)',
      engine,
      samples: runs.length,
      medianMs: percentile(ready, 50),
      p95Ms: percentile(ready, 95),
      note: `load average ${load}`,
    },
    {
      case: 'start: idle RSS (MB, in the ms columns)',
      engine,
      samples: runs.length,
      medianMs: percentile(rss, 50),
      p95Ms: percentile(rss, 95),
      target: engine === 'postgres' ? '≤ 200 MB' : 'as low as PGlite allows',
      note: `VmRSS ${SETTLE_MS / 1000} s after ready${made}; load average ${load}`,
    },
  ];
}

async function engineRuns(engine: Engine): Promise<Figure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-bench-start-'));
  const env: Record<string, string> = { MILEPOST_DATA_DIR: dataDir };
  let drop = async () => undefined as void;
  if (engine === 'postgres') {
    const scratch = await scratchDatabase('milepost_bench');
    env.DATABASE_URL = scratch.url;
    drop = scratch.drop;
  }
  try {
    const first = await startOnce(env);
    const runs: Run[] = [];
    for (let i = 0; i < RESTARTS; i++) runs.push(await startOnce(env));
    return figures(engine, runs, first);
  } finally {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start`'s restart (docs/deploy.md "Starting"): the compiled server (apps/api/dist/main.js, built first when
 * stale, as npm start does) started RESTARTS times on a data folder the first start migrated and
 * seeded with the demo (PGlite) and on a migrated PostgreSQL database; time from spawn to
 * /api/health and /api/ready answering 200, and the resident memory once idle.
 */
export async function startCase(): Promise<Figure[]> {
  const { apiStale, buildApi } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build.mjs')).href)) as { apiStale(): boolean; buildApi(): Promise<void> };
  if (apiStale()) await buildApi();
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.warn('  start: apps/web/dist is missing (npm run build): measured without the web app');
  }
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const out: Figure[] = [];
  if (wanted.includes('pglite')) out.push(...(await engineRuns('pglite')));
  if (wanted.includes('postgres') && (await postgresReachable())) out.push(...(await engineRuns('postgres')));
  return out;
}
