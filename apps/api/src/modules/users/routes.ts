import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { changeActiveQuery, userForm, versionedChangeBody, userListQuery, userRow, userUpdate } from '@milepost/contracts/users-api';
import { principalOf } from '../../platform/access';
import type { AppDeps } from '../../app-deps';
import * as users from './service';

export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const usersDeps: users.UsersDeps = { db: deps.db, mailer: deps.mailer, auth: deps.auth };
  const tags = ['users'];

  r.get('/', {
    config: { access: { anyOf: ['CAN_SHOW_USERS', 'CAN_SHOW_USER_PAGE', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK'] } },
    schema: { tags, summary: 'Users, paged', querystring: userListQuery, response: { 200: envelope(paged(userRow)) } },
    handler: async (req) => ({ data: await users.listUsers(deps.db, req.query) }),
  });

  r.get('/:id', {
    config: { access: { anyOf: ['CAN_SHOW_USERS', 'CAN_SHOW_USER_PAGE'] } },
    schema: { tags, summary: 'One user', params: idParam, response: { 200: envelope(userRow) } },
    handler: async (req) => ({ data: await users.getUser(deps.db, req.params.id) }),
  });

  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_USER' } },
    schema: { tags, summary: 'Create a user and email an invitation to set a password', body: userForm, response: { 201: envelope(userRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await users.createUser(usersDeps, principalOf(req), req.body) }),
  });

  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_USER' } },
    schema: { tags, summary: 'Update a user', params: idParam, body: userUpdate, response: { 200: envelope(userRow) } },
    handler: async (req) => ({ data: await users.updateUser(usersDeps, principalOf(req), req.params.id, req.body) }),
  });

  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_USER' } },
    schema: { tags, summary: 'Activate or deactivate a user', params: idParam, querystring: changeActiveQuery, body: versionedChangeBody, response: { 200: envelope(userRow) } },
    handler: async (req) => ({
      data: await users.changeUserStatus(deps.db, principalOf(req), req.params.id, { active: req.query.active, version: req.body.version }),
    }),
  });

  r.post('/:id/resend-invitation', {
    config: { access: { permission: 'CAN_CREATE_USER' } },
    schema: { tags, summary: 'Email a new invitation to a user who has not set a password', params: idParam, response: { 200: envelope(z.null()) } },
    handler: async (req) => {
      await users.resendInvitation(usersDeps, req.params.id);
      return { data: null };
    },
  });
}
