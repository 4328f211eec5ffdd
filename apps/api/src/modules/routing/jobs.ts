import type { ModuleJobs } from '../../jobs/platform';
import { calibrateEstimates, calibrationDue } from './calibration';

/** Each company's own circuity factors from its completed legs (calibration.ts). */
export const CALIBRATION_QUEUE = 'estimate-calibration';
/** Every day at 03:41 UTC (a quiet hour for US fleets); also at start when none is a day fresh. */
export const CALIBRATION_CRON = '41 3 * * *';

/** The estimate's calibration: daily, and at start when none is a day fresh. */
export const routingJobs: ModuleJobs = {
  module: 'routing',
  async start(ctx) {
    const { boss, log, database } = ctx;
    await boss.createQueue(CALIBRATION_QUEUE, { name: CALIBRATION_QUEUE, policy: 'singleton', retryLimit: 1 });
    await ctx.work(
      CALIBRATION_QUEUE,
      ctx.safely(CALIBRATION_QUEUE, async () => {
        const rows = await calibrateEstimates(database.db);
        log.info({ rows }, 'estimate calibration computed');
      }),
    );
    await boss.schedule(CALIBRATION_QUEUE, CALIBRATION_CRON);
    if (await calibrationDue(database.db)) await ctx.send(CALIBRATION_QUEUE, {}, { singletonKey: 'all' });
  },
};
