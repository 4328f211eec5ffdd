import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, type ErrorCode } from './errors';

/**
 * Counts one hit on `key` in a fixed window, atomically, in the database (so every API
 * instance shares the count). Returns the count in the current window and the ms left in it.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const result = (await db.execute(sql`
    insert into rate_limit_hits as h (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when h.reset_at <= now() then 1 else h.count + 1 end,
      reset_at = case when h.reset_at <= now() then excluded.reset_at else h.reset_at end
    returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms`)) as unknown as {
    rows: { count: number; ttl_ms: number }[];
  };
  const row = result.rows[0]!;
  return { count: Number(row.count), ttlMs: Number(row.ttl_ms) };
}

/** Deletes counters whose window ended over an hour ago; the background jobs run it hourly and at start (rate-limit-jobs.ts). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`);
}

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store backed by `countHit`. */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    constructor(
      _options?: unknown,
      private readonly namespace = 'global',
    ) {}
    incr(key: string, cb: IncrCallback, timeWindow: number) {
      countHit(db, `${this.namespace}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: object) {
      // @fastify/rate-limit passes the route's merged options with the route under `routeInfo`.
      const r = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseStore(undefined, r ? `${String(r.method)} ${r.url ?? ''}` : this.namespace);
    }
  };
}

/**
 * A route's per-user limit (@fastify/rate-limit, counted in the database like every other
 * limit): `max` calls a minute for each user, then 429 with Retry-After and the route's own
 * error code. Runs after authentication (preHandler); `userOf` names the user (the signed-in
 * principal by default).
 */
export function perUserPerMinute(max: number, code: ErrorCode, message: string, userOf: (req: FastifyRequest) => number | undefined = (req) => req.principal?.userId) {
  return {
    max,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `user:${userOf(req) ?? req.ip}`,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => new AppError(code, message, undefined, ctx.ttl / 1000),
  };
}
