import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { roleDetail, roleForm, roleListQuery, roleRow } from '@milepost/contracts/roles-api';
import { changeActiveQuery } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import { principalOf } from '../../platform/access';
import * as roles from './service';

/** Role lookups also feed the user form's role picker. */
const READ = { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE', 'CAN_CREATE_USER', 'CAN_EDIT_USER'] } as const;

export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get('/', {
    config: { access: READ },
    schema: { tags, summary: 'Roles, paged', querystring: roleListQuery, response: { 200: envelope(paged(roleRow)) } },
    handler: async (req) => ({ data: await roles.listRoles(deps.db, req.query) }),
  });

  r.get('/:id', {
    config: { access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] } },
    schema: { tags, summary: 'One role with its permissions', params: idParam, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ data: await roles.getRole(deps.db, req.params.id) }),
  });

  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_ROLE' } },
    schema: { tags, summary: 'Create a role', body: roleForm, response: { 201: envelope(roleDetail) } },
    handler: async (req, reply) => reply.status(201).send({ data: await roles.createRole(deps.db, principalOf(req), req.body) }),
  });

  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_ROLE' } },
    schema: { tags, summary: 'Update a role and its permissions', params: idParam, body: roleForm, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ data: await roles.updateRole(deps.db, principalOf(req), req.params.id, req.body) }),
  });

  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_ROLE' } },
    schema: { tags, summary: 'Activate or deactivate a role', params: idParam, querystring: changeActiveQuery, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ data: await roles.changeRoleStatus(deps.db, principalOf(req), req.params.id, req.query.active) }),
  });
}
