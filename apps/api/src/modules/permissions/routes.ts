import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { changeEnabledQuery, permissionForm, permissionListQuery, permissionRow } from '@milepost/contracts/permissions-api';
import type { AppDeps } from '../../app-deps';
import { principalOf } from '../../platform/access';
import * as service from './service';

export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['permissions'];

  r.get('/', {
    // The role form lists permissions too.
    config: { access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE', 'CAN_CREATE_ROLE', 'CAN_EDIT_ROLE'] } },
    schema: { tags, summary: 'Permissions, paged', querystring: permissionListQuery, response: { 200: envelope(paged(permissionRow)) } },
    handler: async (req) => ({ data: await service.listPermissions(deps.db, req.query) }),
  });

  r.get('/:id', {
    config: { access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] } },
    schema: { tags, summary: 'One permission', params: idParam, response: { 200: envelope(permissionRow) } },
    handler: async (req) => ({ data: await service.getPermission(deps.db, req.params.id) }),
  });

  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_PERMISSION' } },
    schema: { tags, summary: 'Create a permission', body: permissionForm, response: { 201: envelope(permissionRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await service.createPermission(deps.db, req.body) }),
  });

  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_PERMISSION' } },
    schema: { tags, summary: 'Update a permission (its name cannot change)', params: idParam, body: permissionForm, response: { 200: envelope(permissionRow) } },
    handler: async (req) => ({ data: await service.updatePermission(deps.db, principalOf(req), req.params.id, req.body) }),
  });

  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_PERMISSION' } },
    schema: { tags, summary: 'Enable or disable a permission', params: idParam, querystring: changeEnabledQuery, response: { 200: envelope(permissionRow) } },
    handler: async (req) => ({ data: await service.changePermissionStatus(deps.db, principalOf(req), req.params.id, req.query.enabled) }),
  });
}
