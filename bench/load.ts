import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POOL_SESSION_OPTIONS } from '../apps/api/src/db/client';
import { percentile, type BenchServer, type Figure } from './lib';

/**
 * One read under load next to the database alone (docs/trips-query-plans.md, "The API's own
 * cost", "Node's floor"): the statements one request sends are recorded, each run under EXPLAIN
 * (ANALYZE, BUFFERS); the server's CPU is profiled at 10 connections; then wrk (its own
 * process) at 10/50/200 connections against the API, each followed by the same statements
 * straight on a pool of the server's size (10) with as many callers — the database alone — and
 * by Node's floor: a bare node:http server sending the API's answer after the same statements;
 * the three in turn, in rounds, the median of the rounds reported. Each says where the machine's
 * CPU went per request. PostgreSQL only.
 */
export interface LoadOptions {
  /** The figure's name, e.g. "GET /trips?page=0&size=50, 1,000,000 trips". */
  label: string;
  /** Path under /api/v1. */
  path: string;
  headers: Record<string, string>;
  connections?: number[];
}

export interface Captured {
  text: string;
  values: unknown[];
  /** A statement the server prepares once per connection: replayed under the same name. */
  name?: string;
}

type Rows<T> = { rows: T[] };
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/** Rounds of the API, the database alone and the floor at each connection count (BENCH_LOAD_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
export const load = () => os.loadavg()[0]!.toFixed(1);

/**
 * Records every statement sent through node-postgres while `fn` runs: at the client, which every
 * pool query goes through (the server's pool counts rows with a query function of its own,
 * src/db/client.ts, so the pool's prototype is not called).
 */
export async function captureQueries(fn: () => Promise<void>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object') {
      const q = first as { text: string; values?: unknown[]; name?: string };
      seen.push({ text: q.text, values: Array.isArray(second) ? second : (q.values ?? []), ...(q.name ? { name: q.name } : {}) });
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

/** Whether wrk is on the PATH: without it the load cases measure no load (run.ts says so at the start). */
export const wrkInstalled = () => spawnSync('wrk', ['--version']).error === undefined;

/** What bench/wrk.lua reports of one run (latencies in ms). */
interface WrkRun {
  requests: number;
  durationMicros: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * How long wrk holds each connection's first request (bench/wrk.lua): long enough for the server,
 * idle between runs, to accept every connection of the burst before any request arrives.
 */
const WARM_MS = Number(process.env.BENCH_WRK_WARM_MS ?? 500);
const WRK_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk.lua');

/**
 * The load: wrk (Debian's package, `apt-get install wrk`), one thread, for DURATION_S at
 * `connections`. A load generator in C: on a 2-core machine the generator shares the cores with
 * the server and PostgreSQL, and autocannon (in Node) cost 0.08–0.22 ms of CPU per request, up to
 * half the server's own; wrk 0.02–0.03 ms (docs/trips-query-plans.md, "A load generator that stays out of
 * the way"). Its CPU (user + system, µs) is read from bash's `times` after it exits.
 */
function wrk(url: string, connections: number, headers: Record<string, string>) {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${DURATION_S}s`,
    '--timeout',
    '30s',
    '-s',
    WRK_SCRIPT,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
    '--',
    String(connections),
    String(WARM_MS),
  ];
  return new Promise<WrkRun & { perSecond: number; cpuMicros: number }>((resolve, reject) => {
    const child = spawn('bash', ['-c', 'wrk "$@" || exit $?; times', 'wrk', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const report = out.split('\n').find((l) => l.startsWith('milepost-wrk '));
      // `times`' second line: the children's user and system time, e.g. "0m1.234s 0m0.567s".
      const children = out
        .trim()
        .split('\n')
        .at(-1)!
        .match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/);
      if (code !== 0 || !report || !children) return reject(new Error(`wrk exited ${code}: ${out}`));
      const r = JSON.parse(report.slice('milepost-wrk '.length)) as WrkRun;
      const [, um, us, sm, ss] = children.map(Number);
      // Nothing is in flight while the first requests wait (bench/wrk.lua): the rate is over the rest of the run.
      resolve({ ...r, perSecond: r.requests / ((r.durationMicros - WARM_MS * 1000) / 1e6), cpuMicros: ((um! + sm!) * 60 + us! + ss!) * 1e6 });
    });
  });
}

/**
 * A pool of the server's size with its connections' settings. An idle connection the database
 * ends (the bench's database dropped `with (force)` at the end of a run) is dropped by the pool,
 * not thrown: one such error ended a whole mile-stats run before its figures were written.
 */
function quietPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: POOL_SESSION_OPTIONS });
  pool.on('error', () => undefined);
  return pool;
}

/** The same statements one request runs, replayed straight on a pool of the server's size, with its connections' settings, each prepared statement under its name. */
async function databaseOnly(url: string, statements: Captured[], connections: number) {
  const pool = quietPool(url);
  const once = async () => {
    for (const s of statements) await pool.query(s);
  };
  for (let i = 0; i < 20; i++) await once();
  const cpuBefore = process.cpuUsage();
  const times: number[] = [];
  let completed = 0;
  const end = performance.now() + DURATION_S * 1000;
  // As wrk does, only requests answered within the run count: at 200 callers of a 15 ms
  // statement pair, those still queued at the end finished up to 1.8 s later, and counting them
  // gave the database alone up to 20 requests a second it did not serve in the run.
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await once();
        const done = performance.now();
        completed++;
        if (done <= end) times.push(done - t);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  await pool.end();
  times.sort((a, b) => a - b);
  return {
    cpuMicros: cpu.user + cpu.system,
    requests: times.length,
    /** With those answered after the run: what the CPU figures are divided by. */
    completed,
    perSecond: times.length / DURATION_S,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/**
 * Where the load runs (docs/trips-query-plans.md "The database as the limit"). By default every
 * process shares every core. `BENCH_DATABASE_CPUS=<list>` (taskset's syntax, e.g. `1`) runs
 * PostgreSQL's processes on those CPUs and this process (the server, the floor, the database
 * alone's callers) and wrk on the others, for the whole of one read's load: the database is then
 * the limit, as where it has a machine of its own. Needs a local PostgreSQL whose processes this
 * user may re-pin (root, or the postgres user); both are put back as they were afterwards.
 */
interface CpuLayout {
  /** Said in every figure's name, so the two layouts' figures never mix. */
  label: string;
  restore(): void;
}

const cpuList = (pid: number) =>
  execFileSync('taskset', ['-cp', String(pid)], { encoding: 'utf8' })
    .trim()
    .split(': ')
    .at(-1)!;
const pin = (pid: number, list: string) => execFileSync('taskset', ['-a', '-cp', list, String(pid)], { stdio: 'ignore' });
/** A process's parent (/proc/<pid>/stat's fourth field), or null once it has ended or is not on this machine. */
function parentOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return null;
  }
}
/** The server's postmaster and the processes it forked (backends, checkpointer, …): new backends fork from it and keep its CPUs. */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}

async function cpuLayout(databaseUrl: string): Promise<CpuLayout> {
  const list = process.env.BENCH_DATABASE_CPUS;
  if (!list) return { label: '', restore: () => undefined };
  const all = os.cpus().map((_, i) => i);
  const database = new Set(
    list.split(',').flatMap((part) => {
      const [a, b] = part.split('-').map(Number);
      return b === undefined ? [a!] : all.filter((i) => i >= a! && i <= b);
    }),
  );
  const rest = all.filter((i) => !database.has(i));
  if (!database.size || !rest.length || [...database].some((i) => !all.includes(i)))
    throw new Error(`BENCH_DATABASE_CPUS=${list}: name some of CPUs 0-${all.length - 1}, not all of them`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backend = ((await client.query('select pg_backend_pid() as pid')) as Rows<{ pid: number }>).rows[0]!.pid;
  // Read while the backend lives: it ends with the connection.
  const postmaster = parentOf(backend);
  await client.end();
  if (postmaster === null) throw new Error('BENCH_DATABASE_CPUS: PostgreSQL is not on this machine (its backend is not in /proc)');
  const [databaseWas, benchWas] = [cpuList(postmaster), cpuList(process.pid)];
  const restore = () => {
    for (const pid of postgresProcesses(postmaster)) pin(pid, databaseWas);
    pin(process.pid, benchWas);
  };
  try {
    for (const pid of postgresProcesses(postmaster)) pin(pid, [...database].join(','));
    // All of this process's threads; wrk, started later, inherits them.
    pin(process.pid, rest.join(','));
  } catch (err) {
    restore();
    throw new Error(`BENCH_DATABASE_CPUS: could not pin PostgreSQL's processes (run as root or as postgres): ${err instanceof Error ? err.message : String(err)}`);
  }
  // Put back however the bench ends: a thrown error, or Ctrl-C.
  const interrupted = () => {
    restore();
    process.exit(130);
  };
  process.once('exit', restore).once('SIGINT', interrupted).once('SIGTERM', interrupted);
  return {
    label: `, PostgreSQL on CPU ${[...database].join(',')} and the rest on CPU ${rest.join(',')}`,
    restore() {
      process.off('exit', restore).off('SIGINT', interrupted).off('SIGTERM', interrupted);
      restore();
    },
  };
}

/**
 * CPU time spent busy since boot, in µs (/proc/stat: all but idle and iowait): the whole
 * machine's, then each CPU's.
 */
function busyMicros(): number[] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d* /.test(l))
    .map((l) => {
      const [user, nice, system, , , irq, softirq, steal] = l.trim().split(/\s+/).slice(1).map(Number);
      return ((user! + nice! + system! + irq! + softirq! + steal!) * 1e6) / CLOCK_TICKS;
    });
}
/** What the machine and each CPU spent busy while `fn` ran, and the time it took (µs). */
async function busyWhile<T>(fn: () => Promise<T>): Promise<T & { machineMicros: number; cpusMicros: number[]; wallMicros: number }> {
  const [before, t0] = [busyMicros(), performance.now()];
  const result = await fn();
  const [machine, ...cpus] = busyMicros().map((b, i) => b - before[i]!);
  return { ...result, machineMicros: machine!, cpusMicros: cpus, wallMicros: (performance.now() - t0) * 1000 };
}
/** USER_HZ, 100 on every Linux the bench runs on. */
const CLOCK_TICKS = 100;

/** The API's answer to one request as sent: its headers and the body's bytes. */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // Every header the API sent but those node:http writes itself.
          const kept: Record<string, string> = {};
          for (const [h, v] of Object.entries(res.headers))
            if (v !== undefined && !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(h)) kept[h] = String(v);
          resolve({ headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * Node's floor for the same exchange: a bare node:http server that runs the same statements on
 * a pool of the server's size and sends the API's own answer bytes. What the API costs beyond
 * this is Fastify's and Milepost's; what this costs beyond the database alone is HTTP's and
 * node-postgres's, which any Node server pays.
 */
async function nodeFloor(databaseUrl: string, statements: Captured[], answer: { headers: Record<string, string>; body: Buffer }) {
  const pool = quietPool(databaseUrl);
  const server = http.createServer((_req, res) => {
    void (async () => {
      for (const s of statements) await pool.query(s);
      res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

/**
 * A CPU profile of the server under 10 connections: self time per package or source file, and
 * per function; a native function (a socket write, a compression call) is named with the
 * JavaScript function that called it, so "writev ← writevGeneric" says what wrote.
 */
export async function profile(url: string, headers: Record<string, string>) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await wrk(url, 10, headers);
  const { profile: p } = await session.post('Profiler.stop');
  session.disconnect();
  const self = new Map<string, number>();
  const fns = new Map<string, number>();
  const dt = new Map<number, number>();
  const parent = new Map<number, (typeof p.nodes)[number]>();
  for (const node of p.nodes) for (const child of node.children ?? []) parent.set(child, node);
  p.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas?.[i] ?? 0)));
  const packageOf = (u: string, name: string) => {
    if (!u) return name.startsWith('(') ? name : `native ${name}`;
    if (u.includes('node_modules/')) {
      const rest = u.split('node_modules/').at(-1)!;
      return rest
        .split('/')
        .slice(0, rest.startsWith('@') ? 2 : 1)
        .join('/');
    }
    return u.startsWith('node:') ? 'node internals' : u.replace(/^.*?(apps|packages)\//, '$1/');
  };
  const frame = (n: (typeof p.nodes)[number]) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  let total = 0;
  for (const node of p.nodes) {
    const us = dt.get(node.id) ?? 0;
    const u = node.callFrame.url;
    const name = node.callFrame.functionName;
    const where = packageOf(u, name);
    if (where === '(idle)') continue;
    self.set(where, (self.get(where) ?? 0) + us);
    const caller = !u && !name.startsWith('(') ? parent.get(node.id) : undefined;
    const fn = caller ? `${name} ← ${frame(caller)}` : frame(node);
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

/**
 * The figures of one read under load: its database work per request, then per connection count
 * the API's throughput and latency beside the database alone's, and their ratio.
 */
export async function loadAgainstDatabase(server: BenchServer, opts: LoadOptions): Promise<Figure[]> {
  if (!server.databaseUrl) throw new Error('the database alone is measured on PostgreSQL only');
  if (!wrkInstalled()) {
    console.warn(`  ${opts.label}: no figures under load, wrk is not installed (apt-get install wrk)`);
    return [];
  }
  const url = `${server.url}/api/v1${opts.path}`;
  const get = async () => {
    const res = await fetch(url, { headers: opts.headers });
    if (res.status !== 200) throw new Error(`${opts.path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await get();

  // 1. What one request asks of the database.
  const statements = await captureQueries(get);
  const direct = new pg.Client({ connectionString: server.databaseUrl });
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
      const res = (await direct.query({ text, values: s.values })) as Rows<Record<string, unknown>>;
      const [plan] = res.rows[0]!['QUERY PLAN'] as { Plan: PlanNode; 'Planning Time': number; 'Execution Time'?: number; Planning?: PlanNode }[];
      if (round === 0) continue; // a new connection first loads its catalog caches
      perQuery[i]!.push((plan!['Execution Time'] ?? 0) + plan!['Planning Time']);
      if (round === 1) {
        const b = (plan!.Plan['Shared Hit Blocks'] ?? 0) + (plan!.Plan['Shared Read Blocks'] ?? 0) + (plan!.Planning?.['Shared Hit Blocks'] ?? 0);
        buffers += b;
        rows += rowsRead(plan!.Plan);
        const textPlan = (await direct.query({ text: text.replace('format json', 'format text'), values: s.values })) as Rows<Record<string, string>>;
        console.log(`  query ${i + 1}: ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
        if (process.env.BENCH_PLANS) console.log(textPlan.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n'));
        console.log(`      → ${b} shared buffers, ${rowsRead(plan!.Plan)} rows read`);
      }
    }
  }
  await direct.end();
  const dbMs = perQuery.length ? perQuery[0]!.map((_, r) => perQuery.reduce((s, q) => s + q[r]!, 0)).sort((a, b) => a - b) : [0];
  const dbMedian = percentile(dbMs, 50);
  console.log(
    `  ${statements.length} queries per request, ${buffers} shared buffers, ${rows} rows read; planning + execution median ${dbMedian.toFixed(2)} ms (load average ${load()})`,
  );

  const databaseUrl = server.databaseUrl;
  const layout = await cpuLayout(databaseUrl);
  try {
    return await underLoad(server, opts, { url, databaseUrl, statements, layout: layout.label, dbMs, buffers, rows });
  } finally {
    layout.restore();
  }
}

/** Steps 2 and 3 of loadAgainstDatabase, in the CPU layout `layout` names. */
async function underLoad(
  server: BenchServer,
  opts: LoadOptions,
  read: { url: string; databaseUrl: string; statements: Captured[]; layout: string; dbMs: number[]; buffers: number; rows: number },
): Promise<Figure[]> {
  const { url, databaseUrl, statements, layout, dbMs, buffers, rows } = read;
  const dbMedian = percentile(dbMs, 50);
  if (layout) console.log(`  layout${layout}`);
  // 2. Where the server's CPU goes.
  console.log(`  CPU profile of the server at 10 connections (self time, load average ${load()}):\n${(await profile(url, opts.headers)).map((l) => `    ${l}`).join('\n')}`);

  // 3. Throughput and latency, next to the database alone and to Node's floor, each with where
  // the machine's CPU went per request: the server (this process), the callers (wrk's
  // process, or this process's pool for the database alone) and the whole machine (/proc/stat),
  // whose rest is PostgreSQL's.
  const figures: Figure[] = [];
  const cpu: number[] = [];
  const floor = await nodeFloor(databaseUrl, statements, await rawAnswer(url, opts.headers));
  const ms = (micros: number, requests: number) => (micros / 1000 / Math.max(1, requests)).toFixed(2);
  const overHttp = (target: string, c: number) =>
    busyWhile(async () => {
      const before = process.cpuUsage();
      const run = await wrk(target, c, opts.headers);
      const used = process.cpuUsage(before);
      return { ...run, serverMicros: used.user + used.system };
    });
  const ascending = (x: number, y: number) => x - y;
  const median = (xs: number[]) => percentile(xs.toSorted(ascending), 50);
  const pct = (xs: number[]) => xs.map((x) => `${x.toFixed(0)} %`).join(', ');
  for (const c of opts.connections ?? [10, 50, 200]) {
    // ROUNDS rounds of the three, in turn: each round's ratios compare runs a few seconds apart,
    // and the median of the rounds is reported (one pair of 10 s runs swung ±20 % on a shared machine).
    const rounds: {
      api: Awaited<ReturnType<typeof overHttp>>;
      base: Awaited<ReturnType<typeof databaseOnly>> & Awaited<ReturnType<typeof busyWhile>>;
      bare: Awaited<ReturnType<typeof overHttp>>;
    }[] = [];
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const api = await overHttp(url, c);
      loads.push(load());
      const base = await busyWhile(() => databaseOnly(databaseUrl, statements, c));
      const bare = await overHttp(floor.url, c);
      rounds.push({ api, base, bare });
    }
    const total = (pick: (r: (typeof rounds)[number]) => number) => rounds.reduce((s, r) => s + pick(r), 0);
    const [apiN, baseN, bareN] = [total((r) => r.api.requests), total((r) => r.base.requests), total((r) => r.bare.requests)];
    const seconds = ROUNDS * DURATION_S;
    // wrk's runs send nothing while the first requests wait (bench/wrk.lua).
    const wrkSeconds = ROUNDS * (DURATION_S - WARM_MS / 1000);
    const apiDb = rounds.map((r) => (100 * r.api.perSecond) / r.base.perSecond);
    const floorDb = rounds.map((r) => (100 * r.bare.perSecond) / r.base.perSecond);
    const apiFloor = rounds.map((r) => (100 * r.api.perSecond) / r.bare.perSecond);
    const api = { p50: median(rounds.map((r) => r.api.p50)), p95: median(rounds.map((r) => r.api.p95)), p99: median(rounds.map((r) => r.api.p99)) };
    const baseP99 = median(rounds.map((r) => r.base.p99));
    cpu.push(total((r) => r.api.serverMicros) / Math.max(1, apiN));
    const cpuOf = (side: 'api' | 'bare', n: number) => {
      const [server, callers, machine] = [total((r) => r[side].serverMicros), total((r) => r[side].cpuMicros), total((r) => r[side].machineMicros)];
      return `server ${ms(server, n)} ms, wrk ${ms(callers, n)} ms, machine ${ms(machine, n)} ms`;
    };
    const [baseCallers, baseMachine, baseDone] = [total((r) => r.base.cpuMicros), total((r) => r.base.machineMicros), total((r) => r.base.completed)];
    const baseCpu = `callers ${ms(baseCallers, baseDone)} ms, machine ${ms(baseMachine, baseDone)} ms`;
    // With PostgreSQL on CPUs of its own, how busy each CPU was: the database's near 100 % says it is the limit.
    const busyOf = (side: 'api' | 'base' | 'bare') =>
      rounds[0]!.api.cpusMicros.map((_, i) => `${((100 * total((r) => r[side].cpusMicros[i]!)) / total((r) => r[side].wallMicros)).toFixed(0)}`).join(' / ');
    const busy = layout
      ? ` CPU ${rounds[0]!.api.cpusMicros.map((_, i) => i).join(' / ')} busy: API ${busyOf('api')} %, database alone ${busyOf('base')} %, floor ${busyOf('bare')} %.`
      : '';
    const line =
      `${ROUNDS} rounds of ${DURATION_S} s (wrk's first request on each connection held ${WARM_MS} ms, bench/wrk.lua), medians of the rounds. ` +
      `API ${(apiN / wrkSeconds).toFixed(0)} req/s, p99 ${api.p99.toFixed(0)} ms, non-2xx ${total((r) => r.api.non2xx)}, errors ${total((r) => r.api.errors)}; CPU per request: ${cpuOf('api', apiN)}; load average ${loads.join(' ')}. ` +
      `Database alone (same ${statements.length} queries, pool of 10): ${(baseN / seconds).toFixed(0)} req/s, p50 ${median(rounds.map((r) => r.base.p50)).toFixed(1)} ms, p99 ${baseP99.toFixed(1)} ms; CPU per request: ${baseCpu}; ` +
      `API/DB throughput ${median(apiDb).toFixed(0)} % (rounds ${pct(apiDb)}), p99 ${(api.p99 / baseP99).toFixed(2)}×. ` +
      `Node's floor (bare node:http, same queries, same answer bytes): ${(bareN / wrkSeconds).toFixed(0)} req/s, p99 ${median(rounds.map((r) => r.bare.p99)).toFixed(0)} ms; CPU per request: ${cpuOf('bare', bareN)}; ` +
      `floor/DB ${median(floorDb).toFixed(0)} % (rounds ${pct(floorDb)}), API/floor ${median(apiFloor).toFixed(0)} % (rounds ${pct(apiFloor)}).${busy}`;
    console.log(`  ${c} connections: p50 ${api.p50.toFixed(1)} ms, p95 ${api.p95.toFixed(1)} ms, ${line}`);
    figures.push({
      case: `${opts.label}${layout}, wrk ${c} connections, ${ROUNDS} × ${DURATION_S} s`,
      engine: server.engine,
      samples: apiN,
      medianMs: api.p50,
      p95Ms: api.p95,
      target: c === 50 ? '≥ 80 % of the database alone; p99 < 1.5× its p99' : '≥ 80 % of the database alone',
      note: line,
    });
  }
  await floor.close();
  const cpuSorted = [...cpu].sort((a, b) => a - b);
  figures.unshift({
    case: `${opts.label}${layout}: database work per request (EXPLAIN (ANALYZE, BUFFERS) of every query it runs)`,
    engine: server.engine,
    samples: dbMs.length,
    medianMs: dbMedian,
    p95Ms: percentile(dbMs, 95),
    note: `${statements.length} queries, ${buffers} shared buffers, ${rows} rows read per request; server CPU ${(percentile(cpuSorted, 50) / 1000).toFixed(2)} ms per request (median of the ${cpu.length} loads)`,
  });
  return figures;
}

/** Signs a bench user of the OWNER role in and returns the headers the web app sends (bearer token, compressed answers). */
export async function ownerHeaders(server: BenchServer, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${server.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1' }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status}`);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  return { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
}
