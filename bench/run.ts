/**
 * `npm run bench`: runs every case on PGlite and on PostgreSQL (when reachable) and writes
 * the figures to bench/results.md. Cases live in bench/cases/; later work adds its own.
 * Pass case names to run only those: `npm run bench -- auth`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authCase } from './cases/auth';
import { placesCase } from './cases/places';
import { routingCase } from './cases/routing';
import { usersCase } from './cases/users';
import { tripsCase } from './cases/trips';
import { tripsLoadCase } from './cases/trips-load';
import { wrkInstalled } from './load';
import { reportsCase } from './cases/reports';
import { mileageEngineCase } from './cases/mileage-engine';
import { mileStatsCase } from './cases/mile-stats';
import { mapCase } from './cases/map';
import { mileageReviewCase } from './cases/mileage-review';
import { firstScreenCase } from './cases/first-screen';
import { stateMilesCase, stateMilesEngineCase } from './cases/state-miles';
import { startCase } from './cases/start';
import { jobQueuesCase } from './cases/job-queues';
import { iftaCase } from './cases/ifta';
import { idleCase } from './cases/idle';
import { telematicsScaleCase } from './cases/telematics-scale';
import { postgresReachable, startServer, type BenchServer, type Engine, type Figure } from './lib';

const CASES: Record<string, (server: BenchServer) => Promise<Figure[]>> = {
  auth: authCase,
  users: usersCase,
  trips: tripsCase,
  'trips-load': tripsLoadCase,
  reports: reportsCase,
  places: placesCase,
  routing: routingCase,
  'mile-stats': mileStatsCase,
  'state-miles': stateMilesCase,
  'mileage-review': mileageReviewCase,
  // Background queues at volume: trip figures drained, syncs with and without hanging providers (about 2 minutes).
  'job-queues': jobQueuesCase,
  ifta: iftaCase,
};

/** Cases of pure code (no server, no database): run once, engine 'none'. */
const PURE_CASES: Record<string, () => Promise<Figure[]>> = {
  'mileage-engine': mileageEngineCase,
  map: mapCase,
  'state-miles-engine': stateMilesEngineCase,
  // Starts its own server over the built web app (npm run build first) and drives Chromium.
  'first-screen': firstScreenCase,
  // Spawns the built product (apps/api/dist/main.js) itself, on PGlite and PostgreSQL: restart time and idle memory.
  start: startCase,
  // The same built product left alone for a minute: its CPU time and memory at rest.
  idle: idleCase,
  // Spawns the built product against the GLE and Samsara fakes on PostgreSQL: 10,000 GLE vehicles polled, a Samsara cycle (about 10 minutes).
  'telematics-scale': telematicsScaleCase,
};

const fmt = (n: number) => n.toFixed(2);

async function main() {
  const only = process.argv.slice(2);
  const names = Object.keys(CASES).filter((n) => !only.length || only.includes(n));
  const pureNames = Object.keys(PURE_CASES).filter((n) => !only.length || only.includes(n));
  // BENCH_ENGINES=postgres (or pglite) runs one engine only; the million-trip case takes minutes on PGlite.
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const engines: Engine[] = wanted.includes('pglite') ? ['pglite'] : [];
  if (wanted.includes('postgres')) {
    if (await postgresReachable()) engines.push('postgres');
    else console.warn('PostgreSQL not reachable: PGlite figures only');
  }

  if (engines.includes('postgres') && names.length && !wrkInstalled())
    console.warn('wrk is not installed: the cases measured under load (bench/load.ts) give no load figures; apt-get install wrk');

  const figures: Figure[] = [];
  for (const name of pureNames) {
    console.log(`${name}...`);
    const rows = await PURE_CASES[name]!();
    for (const r of rows) console.log(`  ${r.case}: median ${fmt(r.medianMs)} ms, p95 ${fmt(r.p95Ms)} ms (${r.samples} samples)${r.note ? ` — ${r.note}` : ''}`);
    figures.push(...rows);
  }
  for (const engine of names.length ? engines : []) {
    for (const name of names) {
      const server = await startServer(engine);
      try {
        console.log(`${name} on ${engine}...`);
        const rows = await CASES[name]!(server);
        for (const r of rows) console.log(`  ${r.case}: median ${fmt(r.medianMs)} ms, p95 ${fmt(r.p95Ms)} ms (${r.samples} samples)`);
        figures.push(...rows);
      } finally {
        await server.close();
      }
    }
  }

  // Figures from earlier runs stay unless this run measured the same case on the same engine.
  const store = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');
  const previous: (Figure & { measuredAt: string })[] = JSON.parse(await readFile(store, 'utf8').catch(() => '[]'));
  const measuredAt = new Date().toISOString();
  const fresh = figures.map((f) => ({ ...f, measuredAt }));
  const all = [...previous.filter((p) => !fresh.some((f) => f.case === p.case && f.engine === p.engine)), ...fresh];
  await writeFile(store, `${JSON.stringify(all, null, 2)}\n`);

  const lines = [
    '# Milepost benchmarks',
    '',
    `Written by \`npm run bench\` — Node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB. Figures are kept in results.json;`,
    'a run replaces only the cases it measured. Requests go over HTTP on loopback to a real server, one at a time, after a warm-up.',
    '',
    '| Case | Engine | Samples | Median (ms) | p95 (ms) | Target | Measured | Note |',
    '|---|---|---:|---:|---:|---|---|---|',
    ...all.map(
      (f) =>
        `| ${f.case} | ${f.engine} | ${f.samples} | ${fmt(f.medianMs)} | ${fmt(f.p95Ms)} | ${f.target ?? ''} | ${f.measuredAt.slice(0, 16).replace('T', ' ')} | ${f.note ?? ''} |`,
    ),
    '',
  ];
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.md');
  // Notes written by hand below the table (from the first "## " heading on) stay as they are.
  const before = await readFile(out, 'utf8').catch(() => '');
  const notesAt = before.search(/^## /m);
  await writeFile(out, lines.join('\n') + (notesAt >= 0 ? `\n${before.slice(notesAt)}` : ''));
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
