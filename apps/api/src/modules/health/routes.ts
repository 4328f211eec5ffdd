import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import type { readyAnswer } from '@milepost/contracts/routes/health';
import { databaseIsUp } from './service';

/** Liveness (/api/health) and readiness (/api/ready): docs/deploy.md#health-and-readiness. */
export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  route(
    api,
    routes.health.health,
    async (req, reply) => {
      try {
        await databaseIsUp(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
      }
    },
    {
      logLevel: 'warn',
    },
  );

  route(
    api,
    routes.health.ready,
    async (req, reply) => {
      const { lifecycle } = deps;
      const missing: z.infer<typeof readyAnswer>['missing'] = [];
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
    {
      logLevel: 'warn',
    },
  );
}
