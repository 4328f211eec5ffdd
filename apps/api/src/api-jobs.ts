import type { ModuleJobs } from './jobs/platform';
import { mileageReviewJobs } from './modules/mileage-review/jobs';
import { routingJobs } from './modules/routing/jobs';
import { telematicsJobs } from './modules/telematics/jobs';
import { keepTripFigures } from './modules/trip-figures';
import { hereRetryJobs, sendBackfill, tripFiguresJobs } from './modules/trip-figures/jobs';
import { rateLimitJobs } from './platform/rate-limit-jobs';

/**
 * Every module's background jobs (each declared in its module's jobs.ts), started in this order by
 * jobs/queue.ts `startJobs` (docs/decisions/014-background-jobs.md). Where one module's jobs move
 * another's, the wiring is here, so the modules import each other one way only.
 */
export const API_JOBS: readonly ModuleJobs[] = [
  // Before telematics: the scheduled sync queues the figures backfill.
  tripFiguresJobs,
  telematicsJobs({
    // A track the sync stored moves the trip's figures, state miles and review row.
    trackStored: async (telematics, tripId) => void (await keepTripFigures(telematics, tripId, { fetch: false })),
    beforeSyncAll: (ctx) => sendBackfill(ctx.send).then(() => undefined),
  }),
  mileageReviewJobs,
  routingJobs,
  hereRetryJobs,
  rateLimitJobs,
];
