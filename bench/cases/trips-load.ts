import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/platform/crypto';
import { roles, users } from '../../apps/api/src/db/schema/access';
import { percentile, type BenchServer, type Figure } from '../lib';
import { generate } from './trips';

/**
 * Issue 8 point 6: the default trips page (`GET /trips?page=0&size=50`) at a million trips,
 * under load. Measures what does not depend on the machine's load — the queries one request
 * runs, the buffers and rows each touches (EXPLAIN (ANALYZE, BUFFERS)), and the server's CPU
 * time per request — and then autocannon at 10/50/200 connections, next to the same queries
 * run straight against the database as the baseline (docs/trips-query-plans.md).
 * PostgreSQL only: `BENCH_ENGINES=postgres npm run bench -- trips-load`.
 */
const PAGE = '/trips?page=0&size=50';
const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = [10, 50, 200];

interface Captured {
  text: string;
  values: unknown[];
}

type Rows<T> = { rows: T[] };
const load = () => os.loadavg()[0]!.toFixed(1);

/** Records every statement sent through node-postgres while `fn` runs. */
async function captureQueries(fn: () => Promise<void>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const proto = pg.Pool.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object') {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: Array.isArray(second) ? second : (q.values ?? []) });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Rows produced by every scan node: what the query read from tables and indexes. */
function rowsRead(node: PlanNode): number {
  const own = node.Plans?.length ? 0 : (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((s, p) => s + rowsRead(p), 0);
}

/** Runs `child` autocannon against the server; the server's own CPU time is measured around it. */
function autocannon(url: string, connections: number, headers: Record<string, string>) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'autocannon-child.mjs');
  return new Promise<{ requests: number; perSecond: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; timeouts: number }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [script, JSON.stringify({ url, connections, duration: DURATION_S, headers })], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`autocannon exited ${code}`))));
    },
  );
}

/** The same statements one request runs, replayed straight on a pool of the server's size. */
async function databaseOnly(url: string, statements: Captured[], connections: number) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const once = async () => {
    for (const s of statements) await pool.query({ text: s.text, values: s.values });
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  const end = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  times.sort((a, b) => a - b);
  return { requests: times.length, perSecond: times.length / DURATION_S, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** A CPU profile of the server under 10 connections: self time per package or source file. */
async function profile(url: string, headers: Record<string, string>) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await autocannon(url, 10, headers);
  const { profile: p } = await session.post('Profiler.stop');
  session.disconnect();
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  const dt = new Map<number, number>();
  p.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas?.[i] ?? 0)));
  let total = 0;
  for (const node of p.nodes) {
    const us = dt.get(node.id) ?? 0;
    const u = node.callFrame.url;
    const name = node.callFrame.functionName;
    const where = !u
      ? name.startsWith('(') ? name : `native ${name}`
      : u.includes('node_modules/')
        ? u.split('node_modules/').at(-1)!.split('/').slice(0, u.split('node_modules/').at(-1)!.startsWith('@') ? 2 : 1).join('/')
        : u.startsWith('node:')
          ? 'node internals'
          : u.replace(/^.*?(apps|packages)\//, '$1/');
    if (where === '(idle)') continue;
    self.set(where, (self.get(where) ?? 0) + us);
    const fn = `${name || '(anonymous)'} ${u.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    total += us;
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  return [...top(self, 12), 'top functions:', ...top(fns, Number(process.env.BENCH_PROFILE_TOP ?? 12))];
}

export async function tripsLoadCase(server: BenchServer): Promise<Figure[]> {
  if (server.engine !== 'postgres') {
    console.log('  PostgreSQL only (the issue measures one instance on PostgreSQL)');
    return [];
  }
  const { db } = server.database;
  const have = ((await db.execute(sql`select count(*)::int as n from trips`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
  if (have === 0) await generate(server);
  else if (have !== TRIPS) throw new Error(`the database holds ${have} trips, not ${TRIPS}`);

  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  await db
    .insert(users)
    .values({ email: 'bench-load@example.test', firstName: 'Bench', lastName: 'Load', roleId: owner!.id, passwordHash: await hashPassword('bench-password-1') })
    .onConflictDoNothing();
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-load@example.test', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  // As the web app asks: compressed answers.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const url = `${server.url}/api/v1${PAGE}`;
  const get = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${PAGE}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await get();

  // 1. What one request asks of the database.
  const statements = await captureQueries(get);
  const direct = new pg.Client({ connectionString: serverUrl(server) });
  await direct.connect();
  let buffers = 0;
  let rows = 0;
  const perQuery: number[][] = statements.map(() => []);
  for (let round = 0; round < 22; round++) {
    for (const [i, s] of statements.entries()) {
      // The planner's estimate of a count is itself an EXPLAIN: it only plans, and is measured so.
      const text = /^\s*explain/i.test(s.text)
        ? s.text.replace(/^\s*explain\s*\([^)]*\)/i, 'explain (buffers, summary, format json)')
        : `explain (analyze, buffers, format json) ${s.text}`;
      const res = await direct.query({ text, values: s.values });
      const [plan] = res.rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Planning Time': number; 'Execution Time'?: number; Planning?: PlanNode }[];
      if (round === 0) continue; // a new connection first loads its catalog caches
      perQuery[i]!.push((plan!['Execution Time'] ?? 0) + plan!['Planning Time']);
      if (round === 1) {
        const b = (plan!.Plan['Shared Hit Blocks'] ?? 0) + (plan!.Plan['Shared Read Blocks'] ?? 0) + (plan!.Planning?.['Shared Hit Blocks'] ?? 0);
        buffers += b;
        rows += rowsRead(plan!.Plan);
        const textPlan = await direct.query({ text: text.replace('format json', 'format text'), values: s.values });
        console.log(`  query ${i + 1}: ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
        console.log(textPlan.rows.map((r: Record<string, string>) => `      ${r['QUERY PLAN']}`).join('\n'));
        console.log(`      → ${b} shared buffers, ${rowsRead(plan!.Plan)} rows read`);
      }
    }
  }
  await direct.end();
  const dbMs = perQuery[0]!.map((_, r) => perQuery.reduce((s, q) => s + q[r]!, 0)).sort((a, b) => a - b);
  const dbMedian = percentile(dbMs, 50);
  console.log(`  ${statements.length} queries per request, ${buffers} shared buffers, ${rows} rows read; planning + execution median ${dbMedian.toFixed(2)} ms (load average ${load()})`);

  // 2. Where the server's CPU goes.
  console.log(`  CPU profile of the server at 10 connections (self time, load average ${load()}):\n${(await profile(url, headers)).map((l) => `    ${l}`).join('\n')}`);

  // 3. Throughput and latency, next to the database alone.
  const figures: Figure[] = [];
  const cpu: number[] = [];
  for (const c of CONNECTIONS) {
    const before = process.cpuUsage();
    const api = await autocannon(url, c, headers);
    const used = process.cpuUsage(before);
    const cpuPerRequest = (used.user + used.system) / Math.max(1, api.requests);
    cpu.push(cpuPerRequest);
    const apiLoad = load();
    const base = await databaseOnly(serverUrl(server), statements, c);
    const line = `${api.perSecond.toFixed(0)} req/s, p99 ${api.p99.toFixed(0)} ms, non-2xx ${api.non2xx}, errors ${api.errors}; server CPU ${(cpuPerRequest / 1000).toFixed(2)} ms/request; load average ${apiLoad}. Database alone (same ${statements.length} queries, pool of 10): ${base.perSecond.toFixed(0)} req/s, p50 ${base.p50.toFixed(1)} ms, p99 ${base.p99.toFixed(1)} ms (load average ${load()}); API/DB throughput ${((100 * api.perSecond) / base.perSecond).toFixed(0)} %`;
    console.log(`  ${c} connections: p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms, ${line}`);
    figures.push({
      case: `GET ${PAGE}, ${TRIPS.toLocaleString('en-US')} trips, autocannon ${c} connections for ${DURATION_S} s`,
      engine: server.engine,
      samples: api.requests,
      medianMs: api.p50,
      p95Ms: api.p95,
      note: line,
    });
  }
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  figures.unshift({
    case: `GET ${PAGE}, ${TRIPS.toLocaleString('en-US')} trips: database work per request (EXPLAIN (ANALYZE, BUFFERS) of every query it runs)`,
    engine: server.engine,
    samples: dbMs.length,
    medianMs: dbMedian,
    p95Ms: percentile(dbMs, 95),
    target: '4× cheaper than before',
    note: `${statements.length} queries, ${buffers} shared buffers, ${rows} rows read per request; server CPU ${(percentile(cpuSorted, 50) / 1000).toFixed(2)} ms per request (median of the 3 autocannon runs)`,
  });
  return figures;
}

function serverUrl(server: BenchServer): string {
  if (!server.databaseUrl) throw new Error('the bench server has no database URL');
  return server.databaseUrl;
}
