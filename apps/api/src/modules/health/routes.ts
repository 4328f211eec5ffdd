import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { errorBody } from '@milepost/contracts/api';
import { databaseIsUp } from './service';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
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
}
