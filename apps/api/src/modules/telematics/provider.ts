import type { ProviderName } from '@milepost/contracts/providers';
import type { SyncReport } from './sync-report';

/**
 * The one interface every telematics provider (providers.ts: Samsara, GLE) is used through
 * (docs/integrations/telematics.md). Lists and histories come page by page, so a caller stores
 * what it has before asking for more, and one slow or failing page does not lose the others.
 */
export interface TelematicsVehicle {
  /** The provider's vehicle id. */
  id: string;
  name: string;
  vin: string | null;
}

export interface TelematicsDriver {
  id: string;
  firstName: string;
  lastName: string;
  /** The vehicle the provider says the driver is assigned to, if any. */
  vehicleId: string | null;
}

export interface Breadcrumb {
  /** Epoch milliseconds. */
  time: number;
  lat: number;
  lng: number;
  speedMph: number | null;
}

export interface OdometerReading {
  time: number;
  meters: number;
}

/** Where the odometer readings come from: the engine (OBD), the gateway's cumulative GPS distance, or the provider's own odometer. */
export type OdometerKind = 'OBD' | 'GPS_DISTANCE' | 'PROVIDER';

/**
 * A chunk of a history: fixes, and odometer readings of one kind. A provider whose page carries
 * two odometers (Samsara's OBD and GPS distance) yields them as two chunks, so the series are
 * never mixed (tracks.ts `fetchInto` keeps them apart).
 */
export interface HistoryPage {
  breadcrumbs: Breadcrumb[];
  odometers: OdometerReading[];
  /** The kind of every reading in `odometers`; null when there are none. */
  odometerKind: OdometerKind | null;
}

/** Where a sampled provider says one vehicle is now (docs/integrations/gle.md). */
export interface SampledPosition {
  vehicleId: string;
  /** When the vehicle was there (epoch ms, UTC; a zone offset the provider left out already applied). */
  time: number;
  /** The time as the provider sent it, read as UTC: what positions are deduplicated on. */
  reportedTime: number;
  lat: number;
  lng: number;
}

/** One page of a sampled provider's current state: its vehicles, their drivers and where they are. */
export interface CurrentPage {
  vehicles: TelematicsVehicle[];
  drivers: TelematicsDriver[];
  positions: SampledPosition[];
}

export interface TelematicsProvider {
  readonly name: ProviderName;
  /** Records skipped and pagination stopped early while this client was used (edge.ts). */
  readonly report: SyncReport;
  vehicles(): AsyncIterable<TelematicsVehicle[]>;
  drivers(): AsyncIterable<TelematicsDriver[]>;
  /**
   * One vehicle's breadcrumbs and odometer readings in [from, to], oldest first, page by page —
   * for a provider with a history endpoint (Samsara).
   */
  history?(vehicleId: string, from: Date, to: Date): AsyncIterable<HistoryPage>;
  /**
   * Every vehicle's current position, page by page — for a provider without history (GLE), whose
   * tracks Milepost samples by polling and keeps (positions.ts).
   */
  current?(): AsyncIterable<CurrentPage>;
}

/**
 * A provider call that failed. `retryable` failures (429, 5xx, timeouts, cut-off bodies) are
 * retried with backoff; the others (bad token, bad request) stop the run at once.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly kind: 'rate-limited' | 'unavailable' | 'timeout' | 'bad-answer' | 'unauthorized' | 'refused',
    readonly status: number | null = null,
    /** From a 429's Retry-After header, fractional seconds kept (in ms). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'unavailable' || this.kind === 'timeout' || this.kind === 'bad-answer';
  }
}

/** Retry-After is read in one place for every provider (Samsara, GLE, HERE). */
export { parseRetryAfter } from '../../platform/retry-after';

export interface RetryPolicy {
  /** Attempts per call, the first included. */
  attempts: number;
  /** First backoff for 5xx and timeouts; doubled each time, with jitter, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After honoured; a longer one fails the call (the job retries later). */
  maxRetryAfterMs: number;
  /** Deadline of one request, its whole body included. */
  timeoutMs: number;
  /**
   * The sync run's budget (sync.ts): once aborted, no call is tried again and no backoff is
   * waited out — the run stops at the page it was on.
   */
  signal?: AbortSignal;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 1000, maxDelayMs: 30_000, maxRetryAfterMs: 120_000, timeoutMs: 30_000 };

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Calls `fn` until it succeeds, a non-retryable error comes, or the attempts run out: a 429
 * waits exactly its Retry-After (fractional seconds honoured), 5xx, timeouts and cut-off bodies
 * back off exponentially.
 */
export async function withRetries<T>(policy: RetryPolicy, fn: () => Promise<T>, onRetry?: (e: ProviderError, waitMs: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof ProviderError) || !e.retryable || attempt >= policy.attempts || policy.signal?.aborted) throw e;
      let wait: number;
      if (e.kind === 'rate-limited' && e.retryAfterMs !== null) {
        if (e.retryAfterMs > policy.maxRetryAfterMs) throw e;
        wait = e.retryAfterMs;
      } else {
        const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
        wait = backoff / 2 + Math.random() * (backoff / 2);
      }
      onRetry?.(e, wait);
      await sleep(wait, policy.signal);
      if (policy.signal?.aborted) throw e;
    }
  }
}

/** Words for the status screen; never carries a token or a response body. */
export function describeError(e: unknown): string {
  if (e instanceof ProviderError) return e.message;
  return 'The sync failed unexpectedly; see the server log.';
}
