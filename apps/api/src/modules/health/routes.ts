import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { errorBody } from '@milepost/contracts/api';
import { databaseIsUp } from './service';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });
const ready = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** What keeps the instance from taking work: 'database', 'migrations', 'jobs', 'shutting down'. */
  missing: z.array(z.enum(['database', 'migrations', 'jobs', 'shutting down'])),
});

/** Liveness (/api/health) and readiness (/api/ready): docs/deploy.md#health-and-readiness. */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', {
    config: { access: 'public' },
    // 503 also when load is shed (the error body), so a load balancer steers traffic away.
    schema: { tags: ['platform'], summary: 'Liveness and database check', response: { 200: health, 503: z.union([health, errorBody]) } },
    logLevel: 'warn',
    handler: async (req, reply) => {
      try {
        await databaseIsUp(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
      }
    },
  });

  api.get('/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Readiness: the database answers, migrations are done, the job workers run, not shutting down',
      response: { 200: ready, 503: z.union([ready, errorBody]) },
    },
    logLevel: 'warn',
    handler: async (req, reply) => {
      const { lifecycle } = deps;
      const missing: z.infer<typeof ready>['missing'] = [];
      try {
        await databaseIsUp(deps.db);
      } catch (err) {
        req.log.warn({ err }, 'readiness: database unreachable');
        missing.push('database');
      }
      if (!lifecycle.migrated) missing.push('migrations');
      if (!lifecycle.jobsRunning) missing.push('jobs');
      if (lifecycle.shuttingDown) missing.push('shutting down');
      if (missing.length) return reply.status(503).send({ status: 'unavailable', missing });
      return { status: 'ready' as const, missing };
    },
  });
}
