import { z } from 'zod';
import { errorBody } from '../api';
import { defineRoutes } from '../route-table';

export const healthAnswer = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });
export const readyAnswer = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** What keeps the instance from taking work: 'database', 'migrations', 'jobs', 'shutting down'. */
  missing: z.array(z.enum(['database', 'migrations', 'jobs', 'shutting down'])),
});

/** /api/health and /api/ready (apps/api/src/modules/health, docs/deploy.md#health-and-readiness). */
export const healthRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/health',
    tags: ['platform'],
    summary: 'Liveness and database check',
    access: 'public',
    // 503 also when load is shed (the error body), so a load balancer steers traffic away.
    responses: { 200: healthAnswer, 503: z.union([healthAnswer, errorBody]) },
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/api/ready',
    tags: ['platform'],
    summary: 'Readiness: the database answers, migrations are done, the job workers run, not shutting down',
    access: 'public',
    responses: { 200: readyAnswer, 503: z.union([readyAnswer, errorBody]) },
    errors: [],
  },
});
