import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { TeamForm, TeamRow } from '@milepost/contracts/dispatchers-api';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface TeamsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const teamsKeys = areaKeys('teams');

/** GET /teams: one page. */
export function getTeams(params: TeamsListParams, page: number, signal?: AbortSignal): Promise<Paged<TeamRow>> {
  return callApi(routes.teams.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function teamsListQueryOptions(params: TeamsListParams) {
  return pagedInfiniteQueryOptions(teamsKeys.list(params), (page, signal) => getTeams(params, page, signal));
}

/** POST /teams */
export function createTeam(body: TeamForm): Promise<TeamRow> {
  return callApi(routes.teams.create, { body });
}

/** PUT /teams/{id} */
export function updateTeam({ id, body }: { id: number; body: TeamForm }): Promise<TeamRow> {
  return callApi(routes.teams.update, { params: { id }, body });
}

/** PATCH /teams/change-status/{id}?active= */
export function changeTeamStatus({ id, active }: { id: number; active: boolean }): Promise<TeamRow> {
  return callApi(routes.teams.changeStatus, { params: { id }, query: { active } });
}

export const useCreateTeamMutation = () => useWriteMutation('teams', createTeam);
export const useUpdateTeamMutation = () => useWriteMutation('teams', updateTeam);
export const useChangeTeamStatusMutation = () => useWriteMutation('teams', changeTeamStatus);
