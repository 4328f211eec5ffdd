import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@milepost/contracts/api';
import { globalSettingTypeQuery, tripSettings, tripSettingsForm, userRouteSetting, userRouteSettingForm } from '@milepost/contracts/settings-api';
import { principalOf } from '../../platform/access';
import type { AppDeps } from '../../app-deps';
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
  r.get('/by-type', {
    config: { access: { permission: 'CAN_VIEW_RADIUS_SETTINGS' } },
    schema: { tags: ['settings'], summary: 'System settings of a type (TRIP)', querystring: globalSettingTypeQuery, response: { 200: envelope(tripSettings) } },
    handler: async (req) => ({ data: await settings.settingsByType(deps.db, req.query.type) }),
  });
  r.post('/', {
    config: { access: { permission: 'CAN_EDIT_RADIUS_SETTINGS' } },
    schema: { tags: ['settings'], summary: 'Create the settings of a type', body: tripSettingsForm, response: { 201: envelope(tripSettings) } },
    handler: async (req, reply) => {
      const { settings: saved, switched } = await settings.createSettings(deps.db, req.body);
      await queueReviewRefresh(switched);
      return reply.status(201).send({ data: saved });
    },
  });
  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_RADIUS_SETTINGS' } },
    schema: { tags: ['settings'], summary: 'Update settings', params: idParam, body: tripSettingsForm, response: { 200: envelope(tripSettings) } },
    handler: async (req) => {
      const { settings: saved, switched } = await settings.updateSettings(deps.db, req.params.id, req.body);
      await queueReviewRefresh(switched);
      return { data: saved };
    },
  });
}

/** The spec's paths this module serves outside /global-setting (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function settingsRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['route settings'];
  r.get('/user-route-setting/:userId', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: "The signed-in user's route settings (404 when none yet)",
      params: z.object({ userId: idParam.shape.id }),
      response: { 200: envelope(userRouteSetting) },
    },
    handler: async (req) => ({ data: await settings.routeSettingOf(deps.db, principalOf(req).userId, req.params.userId) }),
  });
  r.post('/user-route-setting', {
    config: { access: 'signed-in' },
    schema: { tags, summary: 'Create route settings', body: userRouteSettingForm, response: { 201: envelope(userRouteSetting) } },
    handler: async (req, reply) => reply.status(201).send({ data: await settings.createRouteSetting(deps.db, principalOf(req).userId, req.body) }),
  });
  r.put('/user-route-setting/:id', {
    config: { access: 'signed-in' },
    schema: { tags, summary: 'Update route settings', params: idParam, body: userRouteSettingForm, response: { 200: envelope(userRouteSetting) } },
    handler: async (req) => ({ data: await settings.updateRouteSetting(deps.db, principalOf(req).userId, req.params.id, req.body) }),
  });
}
