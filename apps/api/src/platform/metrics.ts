import { timingSafeEqual } from 'node:crypto';
import { providerLabelsText, type ProviderName } from '@milepost/contracts/providers';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

/**
 * Every Prometheus metric of the process, in one registry (docs/deploy.md#metrics). Code that
 * talks to the outside world reports through the two small functions below; the request,
 * sign-in and limit figures come from one response hook; pool, queue and sync figures are read
 * when Prometheus scrapes GET /api/metrics.
 */
export const registry = new Registry();

/** HERE and the telematics providers (packages/contracts providers.ts). */
export type OutgoingProvider = 'HERE' | ProviderName;
/** 'ok', or why a call failed: 'timeout', 'network', 'rate_limited', 'unauthorized', 'http_error', 'bad_answer'. */
export type OutgoingOutcome = 'ok' | 'timeout' | 'network' | 'rate_limited' | 'unauthorized' | 'http_error' | 'bad_answer';

const outgoing = new Counter({
  name: 'milepost_outgoing_calls_total',
  help: `HTTP calls to ${providerLabelsText('HERE')}, by outcome`,
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

/** Counts one call to an outside service (every attempt, retries included). */
export function countOutgoingCall(provider: OutgoingProvider, outcome: OutgoingOutcome): void {
  outgoing.inc({ provider, outcome });
}

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const signInFailures = new Counter({
  name: 'milepost_sign_in_failures_total',
  help: 'Sign-ins refused for a wrong email or password',
  registers: [registry],
});

const limitsHit = new Counter({
  name: 'milepost_limits_hit_total',
  help: 'Requests refused with 429 (sign-in and reset limits, the password-hash queue), by route',
  labelNames: ['route'] as const,
  registers: [registry],
});

const SIGN_IN_ROUTE = '/api/v1/authenticate';

/** Times every request and counts refused sign-ins and 429s (one hook on the root instance). */
export function observeRequests(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requestDuration.observe({ route, method: req.method, status: String(status) }, reply.elapsedTime / 1000);
    if (route === SIGN_IN_ROUTE && status === 401) signInFailures.inc();
    if (status === 429) limitsHit.inc({ route });
    done();
  });
}

/**
 * GET /api/metrics in Prometheus text, behind `Authorization: Bearer <METRICS_TOKEN>`; not
 * registered at all without a token (404).
 */
export function metricsRoutes(app: FastifyInstance, opts: { token: string | undefined; database: Database }) {
  if (!opts.token) return;
  const expected = Buffer.from(`Bearer ${opts.token}`);
  const gauges = databaseGauges(opts.database);
  app.get('/api/metrics', { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 401, code: 'UNAUTHORIZED', message: 'A metrics token is required.' });
    }
    await gauges.refresh();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

const pool = new Gauge({ name: 'milepost_db_pool_connections', help: 'Database pool connections by state (PGlite: one)', labelNames: ['state'] as const, registers: [registry] });
const queueDepth = new Gauge({
  name: 'milepost_job_queue_depth',
  help: 'Jobs waiting (created or to be retried) per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueFailed = new Gauge({
  name: 'milepost_job_failures',
  help: 'Jobs that failed for good (retries spent) and are still kept, per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const syncLag = new Gauge({
  name: 'milepost_telematics_sync_lag_seconds',
  help: 'Seconds since the last sync finished, per company and provider, while that sync succeeded',
  labelNames: ['company', 'provider'] as const,
  registers: [registry],
});

/** Figures read from the database at scrape time. */
function databaseGauges(database: Database) {
  return {
    async refresh() {
      const p = database.poolStats();
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) pool.set({ state }, p[state]);
      queueDepth.reset();
      queueFailed.reset();
      // The job tables exist once the job workers have started (pg-boss creates them). Every
      // queue is listed, at 0 when it holds no job.
      const jobs = await database
        .executeSql(
          `select q.name, count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting, count(j.id) filter (where j.state = 'failed')::int as failed
             from pgboss.queue q left join pgboss.job j on j.name = q.name group by q.name`,
          [],
        )
        .catch(() => ({ rows: [] }));
      for (const row of jobs.rows as { name: string; waiting: number; failed: number }[]) {
        queueDepth.set({ queue: row.name }, row.waiting);
        queueFailed.set({ queue: row.name }, row.failed);
      }
      syncLag.reset();
      const lags = await database.executeSql(
        `select company_id, provider, extract(epoch from now() - finished_at)::float8 as lag from integration_sync_status where state = 'SUCCEEDED' and finished_at is not null`,
        [],
      );
      for (const row of lags.rows as { company_id: number; provider: string; lag: number }[]) {
        syncLag.set({ company: String(row.company_id), provider: row.provider }, row.lag);
      }
    },
  };
}
