import { envelope, idParam, paged } from '../api';
import { teamForm, teamListQuery, teamRow } from '../dispatchers-api';
import { changeActiveQuery } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/teams and the module's paths outside it (apps/api/src/modules/teams). */
export const teamsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/teams',
    tags: ['teams'],
    summary: 'Teams, paged',
    // Also feeds the team picker of the dispatcher form.
    access: { anyOf: ['CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE', 'CAN_CREATE_DISPATCHER', 'CAN_EDIT_DISPATCHER'] },
    query: teamListQuery,
    responses: { 200: envelope(paged(teamRow)) },
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/v1/teams',
    tags: ['teams'],
    summary: 'Create a team',
    access: { permission: 'CAN_CREATE_TEAM' },
    body: teamForm,
    responses: { 201: envelope(teamRow) },
    errors: ['ALREADY_EXISTS'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/teams/:id',
    tags: ['teams'],
    summary: 'Rename a team',
    access: { permission: 'CAN_EDIT_TEAM' },
    params: idParam,
    body: teamForm,
    responses: { 200: envelope(teamRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/teams/change-status/:id',
    tags: ['teams'],
    summary: 'Activate or deactivate a team',
    access: { permission: 'CAN_CHANGE_STATUS_TEAM' },
    params: idParam,
    query: changeActiveQuery,
    responses: { 200: envelope(teamRow) },
    errors: ['NOT_FOUND'],
  },
});
