import type { ModuleJobs } from '../../jobs/platform';
import { routingServiceFor, throttleState } from '../routing';
import { recomputeEstimatedTrips } from './route-figures';

/**
 * Trips estimated while HERE could not answer (any reason but NO_KEY) routed again once it
 * answers (docs/routing.md#throttles): queued every HERE_RETRY_ESTIMATES_S by every instance,
 * at most one waiting or running (singleton).
 */
export const HERE_RETRY_QUEUE = 'here-retry-estimates';

/** The HERE retry of estimated trips, when this server has HERE. */
export const tripsJobs: ModuleJobs = {
  module: 'trips',
  async start(ctx) {
    const { boss, log, database, polling, options: opts } = ctx;
    // HERE retry: seconds, not a cron (HERE_RETRY_ESTIMATES_S may be under a minute), so a timer queues it.
    const hereRouting = opts.here ? routingServiceFor(opts.here, database.db, log) : null;
    if (!opts.here || !hereRouting?.hasHere) return;
    await boss.createQueue(HERE_RETRY_QUEUE, { name: HERE_RETRY_QUEUE, policy: 'singleton', retryLimit: 0 });
    await boss.work(
      HERE_RETRY_QUEUE,
      polling,
      ctx.safely(HERE_RETRY_QUEUE, async () => {
        if ((await throttleState(database.db))?.blocked) return;
        const r = await recomputeEstimatedTrips(database.db, hereRouting);
        if (r.recomputed) log.info({ ...r }, 'estimated trips routed again by HERE');
      }),
    );
    const hereRetry = setInterval(
      () => void boss.send(HERE_RETRY_QUEUE, {}, { singletonKey: 'all' }).catch((err: unknown) => log.warn({ err }, 'HERE retry could not be queued')),
      opts.here.HERE_RETRY_ESTIMATES_S * 1000,
    );
    hereRetry.unref();
    return {
      async stop() {
        clearInterval(hereRetry);
      },
    };
  },
};
