import { z } from 'zod';
import { CONTROL_CHARACTER, PERSON_NAME_MAX } from '@milepost/contracts/fields';
import { UNIT_NUMBER_MAX } from '@milepost/contracts/trucks-api';
import { countOutgoingCall, type OutgoingOutcome } from '../../platform/metrics';
import { LONE_SURROGATE } from '../../platform/storable';
import { ProviderError, type Breadcrumb, type OdometerReading, type TelematicsDriver, type TelematicsVehicle } from './provider';
import { PROVIDER_LABELS as LABEL, type ProviderName } from '@milepost/contracts/providers';
import type { SyncReport } from './sync-report';

/**
 * The edge between Milepost and a telematics provider (docs/integrations/telematics.md#untrusted-input):
 * everything a provider sends is untrusted input. Calls are bounded (a deadline that covers the
 * body, a size cap, no redirect to another host), pagination stops on the provider's last page, a
 * repeated cursor or a page cap (never on a short or empty page), and each record is parsed here — texts cleaned and cut to the API's
 * limits, numbers finite and in range — so a bad record is skipped and counted, never stored.
 */
export const EDGE_LIMITS = {
  /** Largest answer read from a provider; a bigger one is refused. */
  maxBodyBytes: 20 * 1024 * 1024,
  /** Redirects followed, on the same host only. */
  maxRedirects: 3,
  /** Pages of one vehicle or driver list in one run. */
  maxListPages: 200,
  /** Pages of one vehicle's history in one fetch. */
  maxHistoryPages: 500,
  /** Longest provider id kept. */
  maxIdLength: 100,
  /** Longest VIN text kept (a real VIN has 17 characters). */
  maxVinLength: 64,
  /** A fix may be this far in the provider's future (clocks drift), no further. */
  futureSlackMs: 5 * 60_000,
  /** Odometers above this (about 6.2 million miles) are not a truck's. */
  maxOdometerMeters: 1e10,
  maxSpeedMph: 250,
} as const;

// C0 and C1 controls, DEL, line/paragraph separators and the BOM: never part of a name (the set a typed name refuses).
const CONTROL = new RegExp(`${CONTROL_CHARACTER.source}+`, 'g');

/** A provider's text made storable: no control characters or lone surrogates, spaces collapsed, at most `max` characters. */
export function cleanText(value: string, max: number): string {
  const text = value.replace(LONE_SURROGATE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(text).slice(0, max).join('').trim();
}

/** A text field: strings and numbers are cleaned, anything else is empty. */
const textOf = (max: number) => z.unknown().transform((v) => (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? cleanText(String(v), max) : ''));
/** A provider id: required, cleaned, non-empty. */
const idOf = textOf(EDGE_LIMITS.maxIdLength).pipe(z.string().min(1, 'without an id'));

const vehicleInput = z.object({ id: idOf, name: textOf(UNIT_NUMBER_MAX), vin: textOf(EDGE_LIMITS.maxVinLength) });
const driverInput = z.object({ id: idOf, firstName: textOf(PERSON_NAME_MAX), lastName: textOf(PERSON_NAME_MAX), vehicleId: textOf(EDGE_LIMITS.maxIdLength) });

/** One vehicle, or null (counted) when it cannot be used. */
export function parseVehicle(raw: { id: unknown; name: unknown; vin: unknown }, report: SyncReport): TelematicsVehicle | null {
  const r = vehicleInput.safeParse(raw);
  if (!r.success) {
    report.skip('vehicle without an id');
    return null;
  }
  return { id: r.data.id, name: r.data.name || r.data.id.slice(0, UNIT_NUMBER_MAX), vin: r.data.vin || null };
}

/** One driver, or null (counted) when it cannot be used. A full name is split at its first space. */
export function parseDriver(raw: { id: unknown; firstName?: unknown; lastName?: unknown; fullName?: unknown; vehicleId: unknown }, report: SyncReport): TelematicsDriver | null {
  let { firstName, lastName } = raw;
  if (raw.fullName !== undefined) {
    const full = typeof raw.fullName === 'string' ? cleanText(raw.fullName, PERSON_NAME_MAX * 2) : '';
    const at = full.indexOf(' ');
    [firstName, lastName] = at < 0 ? [full, ''] : [full.slice(0, at), full.slice(at + 1)];
  }
  const r = driverInput.safeParse({ id: raw.id, firstName, lastName, vehicleId: raw.vehicleId });
  if (!r.success) {
    report.skip('driver without an id');
    return null;
  }
  return { id: r.data.id, firstName: r.data.firstName || r.data.id.slice(0, PERSON_NAME_MAX), lastName: r.data.lastName, vehicleId: r.data.vehicleId || null };
}

/** What a fix must be: a real time inside [from, min(to, now) + slack], a point on the earth. */
export interface FixWindow {
  from: number;
  to: number;
}

export function fixWindow(from: Date, to: Date, now = Date.now()): FixWindow {
  return { from: from.getTime(), to: Math.min(to.getTime(), now) + EDGE_LIMITS.futureSlackMs };
}

const finite = z.number().refine(Number.isFinite);
const fixInput = z.object({
  time: finite,
  lat: finite.pipe(z.number().min(-90).max(90)),
  lng: finite.pipe(z.number().min(-180).max(180)),
  speedMph: z.unknown().transform((v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= EDGE_LIMITS.maxSpeedMph ? v : null)),
});
const odometerInput = z.object({ time: finite, meters: finite.pipe(z.number().min(0).max(EDGE_LIMITS.maxOdometerMeters)) });

const timeOf = (v: unknown) => (typeof v === 'string' && v.length <= 40 ? Date.parse(v) : Number.NaN);
const inWindow = (t: number, w: FixWindow) => t >= w.from && t <= w.to;

/** A GPS fix, or null (counted) when its time or position is impossible. */
export function parseFix(raw: { time: unknown; lat: unknown; lng: unknown; speedMph: unknown }, w: FixWindow, report: SyncReport): Breadcrumb | null {
  const r = fixInput.safeParse({ ...raw, time: timeOf(raw.time) });
  if (!r.success) {
    report.skip('GPS fix with an impossible time or position');
    return null;
  }
  if (!inWindow(r.data.time, w)) {
    report.skip('GPS fix outside the trip window');
    return null;
  }
  return r.data;
}

/** An odometer reading, or null (counted) when its time or value is impossible. */
export function parseOdometer(raw: { time: unknown; meters: unknown }, w: FixWindow, report: SyncReport): OdometerReading | null {
  const r = odometerInput.safeParse({ ...raw, time: timeOf(raw.time) });
  if (!r.success || !inWindow(r.data.time, w)) {
    report.skip('odometer reading with an impossible time or value');
    return null;
  }
  return r.data;
}

/**
 * Tells a paging loop whether to ask for the next page (docs/integrations/samsara.md#paging).
 * Samsara documents that a page may come back short or even empty while `hasNextPage` is true,
 * so the size of a page never ends the paging: only the provider's last page (no cursor), a
 * cursor already seen or the page cap do — the last two are said in the report.
 */
export class PageGuard {
  private readonly seen = new Set<string>();
  private pages = 0;
  /** Why the paging ended before the provider's last page (a repeated cursor, the page cap), or null. */
  stoppedEarly: string | null = null;
  constructor(
    private readonly provider: ProviderName,
    private readonly what: string,
    private readonly report: SyncReport,
    private readonly maxPages: number,
  ) {}
  /** Called after each page with the cursor of the next one (null when the provider says it was the last). */
  next(cursor: string | null): boolean {
    this.pages++;
    if (cursor === null) return false;
    const label = LABEL[this.provider];
    if (this.seen.has(cursor)) this.stoppedEarly = `${label} sent the same page of the ${this.what} twice; the ${this.what} stopped there.`;
    else if (this.pages >= this.maxPages) this.stoppedEarly = `The ${this.what} stopped after ${this.maxPages} pages (the most read in one run).`;
    if (this.stoppedEarly) {
      this.report.stop(this.stoppedEarly);
      return false;
    }
    this.seen.add(cursor);
    return true;
  }
}

/**
 * A fetch for one provider whose every call is bounded: the deadline covers the headers and the
 * whole body (AbortSignal.timeout), the body is read up to `maxBodyBytes` and refused beyond,
 * and redirects are followed only on the same host. The failure is also handed to `onFailure`,
 * so a client that wraps fetch (the Samsara SDK turns thrown errors into its own) can tell why.
 * Every call (one HTTP attempt, its same-host redirects included) is counted once in
 * `milepost_outgoing_calls_total` (docs/deploy.md#metrics).
 */
export function boundedFetch(
  provider: ProviderName,
  base: typeof fetch,
  deadlineMs: number,
  onFailure: (e: ProviderError) => void,
  maxBodyBytes: number = EDGE_LIMITS.maxBodyBytes,
): typeof fetch {
  const label = LABEL[provider];
  const tooBig = () => new ProviderError(provider, `${label} sent an answer over ${Math.round(maxBodyBytes / 1024 / 1024)} MB; it was refused.`, 'refused');
  return async (input, init) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let url = new URL(input instanceof Request ? input.url : String(input));
    const origin = url.origin;
    try {
      for (let hop = 0; ; hop++) {
        const res = await base(url, { ...init, signal, redirect: 'manual' });
        const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
        if (location !== null) {
          await res.body?.cancel();
          const next = new URL(location, url);
          if (next.origin !== origin) throw new ProviderError(provider, `${label} redirected to another host; Milepost does not follow it.`, 'refused', res.status);
          if (hop >= EDGE_LIMITS.maxRedirects) throw new ProviderError(provider, `${label} redirected too many times.`, 'refused', res.status);
          url = next;
          continue;
        }
        if (Number(res.headers.get('content-length') ?? 0) > maxBodyBytes) {
          await res.body?.cancel();
          throw tooBig();
        }
        const bytes = await readCapped(res.body, maxBodyBytes, tooBig);
        const empty = bytes.byteLength === 0 || res.status === 204 || res.status === 304;
        countOutgoingCall(provider, statusOutcome(res.status));
        return new Response(empty ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
      }
    } catch (e) {
      let err = e;
      if (!(e instanceof ProviderError)) {
        // Our deadline, or the client's own timer (the SDK's): either way the answer came too slowly.
        if (deadline.aborted || init?.signal?.aborted) err = new ProviderError(provider, `${label} did not answer in time.`, 'timeout');
        else err = new ProviderError(provider, `${label} could not be reached.`, 'unavailable');
      }
      countOutgoingCall(provider, FAILURE_OUTCOME[(err as ProviderError).kind]);
      onFailure(err as ProviderError);
      throw err;
    }
  };
}

function statusOutcome(status: number): OutgoingOutcome {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'unauthorized';
  return status >= 200 && status < 400 ? 'ok' : 'http_error';
}

const FAILURE_OUTCOME: Record<ProviderError['kind'], OutgoingOutcome> = {
  timeout: 'timeout',
  unavailable: 'network',
  'rate-limited': 'rate_limited',
  unauthorized: 'unauthorized',
  'bad-answer': 'bad_answer',
  refused: 'bad_answer',
};

async function readCapped(body: ReadableStream<Uint8Array> | null, max: number, tooBig: () => ProviderError): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
