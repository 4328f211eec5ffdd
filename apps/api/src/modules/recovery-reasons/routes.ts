import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { recoveryReasonForm, recoveryReasonListQuery, recoveryReasonRow, recoveryReasonUpdate } from '@milepost/contracts/recovery-reasons-api';
import { changeActiveQuery } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as reasons from './service';

export async function recoveryReasonRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recovery reasons'];
  r.get('/', {
    // Also feeds the recovery reason picker of the trip form.
    config: { access: { anyOf: ['CAN_SHOW_RECOVERY_REASONS', 'CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'] } },
    schema: { tags, summary: 'Recovery reasons, paged', querystring: recoveryReasonListQuery, response: { 200: envelope(paged(recoveryReasonRow)) } },
    handler: async (req) => ({ data: await reasons.listRecoveryReasons(deps.db, req.query) }),
  });
  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_RECOVERY_REASON' } },
    schema: { tags, summary: 'Create a recovery reason', body: recoveryReasonForm, response: { 201: envelope(recoveryReasonRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await reasons.createRecoveryReason(deps.db, req.body) }),
  });
  r.put('/', {
    config: { access: { permission: 'CAN_EDIT_RECOVERY_REASON' } },
    schema: { tags, summary: 'Rename a recovery reason (id in the body)', body: recoveryReasonUpdate, response: { 200: envelope(recoveryReasonRow) } },
    handler: async (req) => ({ data: await reasons.updateRecoveryReason(deps.db, req.body.id, req.body.name) }),
  });
  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_RECOVERY_REASON' } },
    schema: { tags, summary: 'Activate or deactivate a recovery reason', params: idParam, querystring: changeActiveQuery, response: { 200: envelope(recoveryReasonRow) } },
    handler: async (req) => ({ data: await reasons.changeRecoveryReasonStatus(deps.db, req.params.id, req.query.active) }),
  });
}
