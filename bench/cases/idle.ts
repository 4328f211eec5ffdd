import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Engine, type Figure, freePort, postgresReachable, processCpuMs, scratchDatabase, serverNodeFlags } from '../lib';

/**
 * Idle means idle (docs/decisions/014-background-jobs.md, "At rest"): the built product
 * (apps/api/dist/main.js: `node scripts/build.mjs api` first) started as `npm start` does (PGlite seeds the demo data), left
 * alone until its start-up jobs are done, then its own CPU time (user + system, from
 * /proc/<pid>/stat) read over BENCH_IDLE_SECONDS (60) with no request and no job due; its resident
 * memory beside it. `npm run bench -- idle`; BENCH_ENGINES picks the engines.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** After ready: the start-up jobs (the backfills of the demo data, the prune, the calibration) finish in this time. */
const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 30);

async function idleOnce(engine: Engine): Promise<Figure> {
  if (!existsSync(MAIN)) throw new Error(`${path.relative(ROOT, MAIN)} is not built: node scripts/build.mjs api`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-idle-'));
  let drop = async () => undefined as void;
  const env: Record<string, string> = { MILEPOST_DATA_DIR: dataDir };
  if (engine === 'postgres') {
    const scratch = await scratchDatabase('milepost_idle');
    env.DATABASE_URL = scratch.url;
    drop = scratch.drop;
  }
  const port = await freePort();
  const proc = spawn(process.execPath, [...serverNodeFlags(), MAIN], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', LOG_PRETTY: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  try {
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error('the server exited before it was ready');
      const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('not ready in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const before = processCpuMs(proc.pid!);
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    const used = processCpuMs(proc.pid!) - before;
    const wall = performance.now() - t0;
    const rssMB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1]) / 1024;
    const share = (100 * used) / wall;
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(
      `  ${engine}: ${used.toFixed(0)} ms of CPU in ${(wall / 1000).toFixed(0)} s idle = ${share.toFixed(2)} % of a core; RSS ${rssMB.toFixed(0)} MB (load average ${load})`,
    );
    return {
      case: `idle instance, ${IDLE_S} s with no request and no job due: CPU (share of one core, in the ms columns) and RSS`,
      engine,
      samples: 1,
      medianMs: share,
      p95Ms: share,
      target: '< 1 % of a core',
      note: `${used.toFixed(0)} ms of CPU in ${(wall / 1000).toFixed(0)} s; RSS ${rssMB.toFixed(0)} MB; ${engine === 'pglite' ? 'demo data' : 'empty database'}, ${SETTLE_S} s after ready; load average ${load} on ${os.cpus().length} cores`,
    };
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${out}`);
  } finally {
    proc.kill('SIGTERM');
    await exited;
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function idleCase(): Promise<Figure[]> {
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const figures: Figure[] = [];
  if (wanted.includes('pglite')) figures.push(await idleOnce('pglite'));
  if (wanted.includes('postgres') && (await postgresReachable())) figures.push(await idleOnce('postgres'));
  return figures;
}
