import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { dispatcherForm, dispatcherListQuery, dispatcherRow } from '@milepost/contracts/dispatchers-api';
import { changeActiveQuery } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as dispatchers from './service';

export async function dispatcherRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dispatchers'];
  r.get('/', {
    // Also feeds the dispatcher picker of the trip form.
    config: { access: { anyOf: ['CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE', 'CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'] } },
    schema: { tags, summary: 'Dispatchers, paged', querystring: dispatcherListQuery, response: { 200: envelope(paged(dispatcherRow)) } },
    handler: async (req) => ({ data: await dispatchers.listDispatchers(deps.db, req.query) }),
  });
  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_DISPATCHER' } },
    schema: { tags, summary: 'Create a dispatcher', body: dispatcherForm, response: { 201: envelope(dispatcherRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await dispatchers.createDispatcher(deps.db, req.body) }),
  });
  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_DISPATCHER' } },
    schema: { tags, summary: 'Update a dispatcher', params: idParam, body: dispatcherForm, response: { 200: envelope(dispatcherRow) } },
    handler: async (req) => ({ data: await dispatchers.updateDispatcher(deps.db, req.params.id, req.body) }),
  });
  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_DISPATCHER' } },
    schema: { tags, summary: 'Activate or deactivate a dispatcher', params: idParam, querystring: changeActiveQuery, response: { 200: envelope(dispatcherRow) } },
    handler: async (req) => ({ data: await dispatchers.changeDispatcherStatus(deps.db, req.params.id, req.query.active) }),
  });
}
