import { count, ne, sql } from 'drizzle-orm';
import type { EstimateReason, RoutingStatus } from '@milepost/contracts/routing-api';
import type { Db } from '../../db/client';
import { hereThrottle } from '../../db/schema/routing';
import { trips } from '../../db/schema/trips';

/**
 * HERE's throttle, shared by every instance through `here_throttle` (docs/routing.md#throttles).
 * A 429 or 503 from HERE Routing stops every instance from calling it until its Retry-After has
 * passed — or, without one, for a backoff doubling from 30 s up to 10 min over a spell of refusals.
 * Meanwhile routes are the labelled estimate (HERE_THROTTLED, HERE_UNAVAILABLE); the first answer
 * after it ends the spell, and the retry job (modules/trip-figures/jobs.ts `here-retry-estimates`) recomputes
 * the trips estimated for any reason but NO_KEY.
 */
export const HERE_BACKOFF = {
  firstS: 30,
  maxS: 600,
  /** A Retry-After longer than this is read as this (a hostile or broken header never blocks HERE for days). */
  maxRetryAfterS: 3600,
} as const;

export type ThrottleReason = Extract<EstimateReason, 'HERE_THROTTLED' | 'HERE_UNAVAILABLE'>;

export interface ThrottleState {
  reason: ThrottleReason;
  status: number;
  since: Date;
  until: Date;
  /** True while no instance may call HERE (until has not passed). */
  blocked: boolean;
  /** When HERE answered again; null while the spell lasts. */
  endedAt: Date | null;
}

/** The throttle row, or null when HERE was never throttled. */
export async function throttleState(db: Db): Promise<ThrottleState | null> {
  const [row] = await db
    .select({
      reason: hereThrottle.reason,
      status: hereThrottle.status,
      since: hereThrottle.since,
      until: hereThrottle.until,
      endedAt: hereThrottle.endedAt,
      blocked: sql<boolean>`${hereThrottle.endedAt} is null and ${hereThrottle.until} > now()`,
    })
    .from(hereThrottle);
  return row ? { ...row, reason: row.reason as ThrottleReason, blocked: Boolean(row.blocked) } : null;
}

/**
 * Records a 429 (HERE_THROTTLED) or 503 (HERE_UNAVAILABLE) in one statement, so instances
 * refused at once agree: a new spell starts now with 30 s, a refusal within a spell doubles the
 * backoff (at most 10 min); a Retry-After, when HERE sends one, is the wait instead. The wait is
 * never shortened by a later, shorter answer.
 */
export async function recordThrottle(db: Db, status: number, retryAfterMs: number | null): Promise<void> {
  const reason: ThrottleReason = status === 429 ? 'HERE_THROTTLED' : 'HERE_UNAVAILABLE';
  const retryS = retryAfterMs === null ? null : Math.min(HERE_BACKOFF.maxRetryAfterS, retryAfterMs / 1000);
  const t = hereThrottle;
  const open = sql`${t.endedAt} is null`;
  const backoff = sql`case when ${open} then least(${HERE_BACKOFF.maxS}, ${t.backoffS} * 2) else ${HERE_BACKOFF.firstS} end`;
  const waitS = retryS === null ? backoff : sql`${retryS}::double precision`;
  await db
    .insert(t)
    .values({
      id: 1,
      reason,
      status,
      since: sql`now()`,
      until: sql`now() + make_interval(secs => ${retryS ?? HERE_BACKOFF.firstS})`,
      backoffS: HERE_BACKOFF.firstS,
      endedAt: null,
    })
    .onConflictDoUpdate({
      target: t.id,
      set: {
        reason,
        status,
        since: sql`case when ${open} then ${t.since} else now() end`,
        // Without a Retry-After the backoff doubles within a spell; with one it is kept for the next refusal.
        backoffS: retryS === null ? backoff : sql`case when ${open} then ${t.backoffS} else ${HERE_BACKOFF.firstS} end`,
        until: sql`greatest(case when ${open} then ${t.until} else now() end, now() + make_interval(secs => ${waitS}))`,
        endedAt: null,
        updatedAt: sql`now()`,
      },
    });
}

/** HERE answered (anything but 429/503): the spell, if one is open, ends now. */
export async function recordAnswered(db: Db): Promise<void> {
  await db
    .update(hereThrottle)
    .set({ endedAt: sql`now()`, updatedAt: sql`now()` })
    .where(sql`${hereThrottle.endedAt} is null`);
}

/** What the System screen shows (GET /routing/status): read from the database only, never from HERE. */
export async function routingStatusOf(db: Db, hasHere: boolean): Promise<RoutingStatus> {
  const [state, [waiting]] = await Promise.all([throttleState(db), db.select({ n: count() }).from(trips).where(ne(trips.routeEstimateReason, 'NO_KEY'))]);
  const open = state !== null && state.endedAt === null;
  const here = !hasHere ? 'NO_KEY' : open && state.blocked ? (state.reason === 'HERE_THROTTLED' ? 'THROTTLED' : 'UNAVAILABLE') : 'ANSWERING';
  const throttled = here === 'THROTTLED' || here === 'UNAVAILABLE';
  return {
    here,
    since: throttled ? state!.since.toISOString() : null,
    until: throttled ? state!.until.toISOString() : null,
    lastEndedAt: state?.endedAt?.toISOString() ?? null,
    estimatesWaiting: waiting?.n ?? 0,
  };
}
