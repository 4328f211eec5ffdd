import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { teamForm, teamListQuery, teamRow } from '@milepost/contracts/dispatchers-api';
import { changeActiveQuery } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as teams from './service';

export async function teamRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  r.get('/', {
    // Also feeds the team picker of the dispatcher form.
    config: { access: { anyOf: ['CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE', 'CAN_CREATE_DISPATCHER', 'CAN_EDIT_DISPATCHER'] } },
    schema: { tags, summary: 'Teams, paged', querystring: teamListQuery, response: { 200: envelope(paged(teamRow)) } },
    handler: async (req) => ({ data: await teams.listTeams(deps.db, req.query) }),
  });
  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_TEAM' } },
    schema: { tags, summary: 'Create a team', body: teamForm, response: { 201: envelope(teamRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await teams.createTeam(deps.db, req.body) }),
  });
  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_TEAM' } },
    schema: { tags, summary: 'Rename a team', params: idParam, body: teamForm, response: { 200: envelope(teamRow) } },
    handler: async (req) => ({ data: await teams.updateTeam(deps.db, req.params.id, req.body) }),
  });
  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_TEAM' } },
    schema: { tags, summary: 'Activate or deactivate a team', params: idParam, querystring: changeActiveQuery, response: { 200: envelope(teamRow) } },
    handler: async (req) => ({ data: await teams.changeTeamStatus(deps.db, req.params.id, req.query.active) }),
  });
}
