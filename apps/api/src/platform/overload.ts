import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyError, FastifyInstance } from 'fastify';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { AppError } from './errors';

export interface OverloadOptions {
  /** Mean event-loop delay (ms) over one sample interval above which requests are shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0–1) over one sample interval above which requests are shed; 0: not checked. */
  maxEventLoopUtilization: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

/**
 * How often Node's event-loop-delay histogram takes a reading: ten times per sample interval
 * (every 100 ms at the default 1 s), at least every 10 ms. @fastify/under-pressure read every
 * 10 ms whatever the interval: an idle instance woke 100 times a second for it, ~0.5 s of CPU a
 * minute (docs/trips-query-plans.md "Idle: one timer that woke 100 times a second").
 */
export const delayResolutionMs = (sampleIntervalMs: number) => Math.max(10, Math.floor(sampleIntervalMs / 10));

/**
 * Load shedding (docs/deploy.md "Starting"): while the event loop's mean delay over the last
 * sample interval passes `maxEventLoopDelayMs`, or its utilisation passes
 * `maxEventLoopUtilization`, every request is answered 503 UNAVAILABLE with Retry-After at once,
 * rather than all waiting. The start and the end of each episode are logged once.
 */
export function shedOverload(app: FastifyInstance, o: OverloadOptions) {
  const resolution = delayResolutionMs(o.sampleIntervalMs);
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  let elu = performance.eventLoopUtilization();
  let overloaded = false;
  const timer = setInterval(() => {
    // No reading in a whole interval: the loop was blocked throughout.
    const delayMs = histogram.count ? histogram.mean / 1e6 - resolution : Infinity;
    histogram.reset();
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, elu).utilization;
    elu = now;
    const was = overloaded;
    overloaded = (o.maxEventLoopDelayMs > 0 && delayMs > o.maxEventLoopDelayMs) || (o.maxEventLoopUtilization > 0 && utilization > o.maxEventLoopUtilization);
    if (overloaded !== was) app.log[overloaded ? 'warn' : 'info']({ delayMs, utilization }, overloaded ? 'overloaded: shedding requests' : 'no longer overloaded');
  }, o.sampleIntervalMs).unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    histogram.disable();
    done();
  });
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (_request, _reply, done) =>
    done(overloaded ? (new AppError('UNAVAILABLE', GENERIC_ERROR_MESSAGES[503], undefined, o.retryAfterSeconds) as unknown as FastifyError) : undefined),
  );
}
