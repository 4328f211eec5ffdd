import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as users from './service';

export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const usersDeps: users.UsersDeps = { db: deps.db, mailer: deps.mailer, auth: deps.auth };

  route(r, routes.users.list, async (req) => ({ data: await users.listUsers(deps.db, req.query) }));

  route(r, routes.users.get, async (req) => ({ data: await users.getUser(deps.db, req.params.id) }));

  route(r, routes.users.create, async (req, reply) => reply.status(201).send({ data: await users.createUser(usersDeps, principalOf(req), req.body) }));

  route(r, routes.users.update, async (req) => ({ data: await users.updateUser(usersDeps, principalOf(req), req.params.id, req.body) }));

  route(r, routes.users.changeStatus, async (req) => ({
    data: await users.changeUserStatus(deps.db, principalOf(req), req.params.id, { active: req.query.active, version: req.body.version }),
  }));

  route(r, routes.users.resendInvitation, async (req) => {
    await users.resendInvitation(usersDeps, req.params.id);
    return { data: null };
  });
}
