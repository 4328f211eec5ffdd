import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as teams from './service';

export async function teamRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.teams.list, async (req) => ({ data: await teams.listTeams(deps.db, req.query) }));
  route(r, routes.teams.create, async (req, reply) => reply.status(201).send({ data: await teams.createTeam(deps.db, req.body) }));
  route(r, routes.teams.update, async (req) => ({ data: await teams.updateTeam(deps.db, req.params.id, req.body) }));
  route(r, routes.teams.changeStatus, async (req) => ({ data: await teams.changeTeamStatus(deps.db, req.params.id, req.query.active) }));
}
