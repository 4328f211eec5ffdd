/**
 * `npm run bench`: runs every case on PGlite and on PostgreSQL (when reachable) and writes
 * the figures to bench/results.md. Cases live in bench/cases/; later work adds its own.
 * Pass case names to run only those: `npm run bench -- auth`.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { authCase } from './cases/auth';
import { placesCase } from './cases/places';
import { usersCase } from './cases/users';
import { startServer, type BenchServer, type Engine, type Figure } from './lib';

const CASES: Record<string, (server: BenchServer) => Promise<Figure[]>> = {
  auth: authCase,
  users: usersCase,
  places: placesCase,
};

async function postgresReachable(): Promise<boolean> {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!url.username) url.username = 'postgres';
  const c = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const fmt = (n: number) => n.toFixed(2);

async function main() {
  const only = process.argv.slice(2);
  const names = Object.keys(CASES).filter((n) => !only.length || only.includes(n));
  const engines: Engine[] = ['pglite'];
  if (await postgresReachable()) engines.push('postgres');
  else console.warn('PostgreSQL not reachable: PGlite figures only');

  const figures: Figure[] = [];
  for (const engine of engines) {
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

  const lines = [
    '# Milepost benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} — Node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB.`,
    'Each request goes over HTTP on loopback to a real server, one at a time, after a warm-up.',
    '',
    '| Case | Engine | Samples | Median (ms) | p95 (ms) | Target |',
    '|---|---|---:|---:|---:|---|',
    ...figures.map((f) => `| ${f.case} | ${f.engine} | ${f.samples} | ${fmt(f.medianMs)} | ${fmt(f.p95Ms)} | ${f.target ?? ''} |`),
    '',
  ];
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.md');
  await writeFile(out, lines.join('\n'));
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
