import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as settings from './service';

export async function settingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * The trip settings' telematics switches decide whose figures are a trip's actual miles, so
   * a save that flips one queues the recompute of the affected Mileage Review rows — a job, not
   * this request (docs/mileage-review.md). Without running jobs the save stands and this is logged.
   */
  const queueReviewRefresh = async (switched: settings.SwitchedProviders) => {
    for (const provider of switched) {
      if (!deps.jobs) app.log.warn({ provider }, 'mileage review recompute not queued: background jobs are not running');
      else await deps.jobs.enqueueReviewRefresh(provider).catch((err: unknown) => app.log.warn({ err, provider }, 'mileage review recompute not queued'));
    }
  };
  route(r, routes.settings.byType, async (req) => ({ data: await settings.settingsByType(deps.db, req.query.type) }));
  route(r, routes.settings.create, async (req, reply) => {
    const { settings: saved, switched } = await settings.createSettings(deps.db, req.body);
    await queueReviewRefresh(switched);
    return reply.status(201).send({ data: saved });
  });
  route(r, routes.settings.update, async (req) => {
    const { settings: saved, switched } = await settings.updateSettings(deps.db, req.params.id, req.body);
    await queueReviewRefresh(switched);
    return { data: saved };
  });
}

/** The spec's paths this module serves outside /global-setting (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function settingsRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.settings.routeSetting, async (req) => ({ data: await settings.routeSettingOf(deps.db, principalOf(req).userId, req.params.userId) }));
  route(r, routes.settings.createRouteSetting, async (req, reply) =>
    reply.status(201).send({ data: await settings.createRouteSetting(deps.db, principalOf(req).userId, req.body) }),
  );
  route(r, routes.settings.updateRouteSetting, async (req) => ({ data: await settings.updateRouteSetting(deps.db, principalOf(req).userId, req.params.id, req.body) }));
}
