import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { TeamForm, TeamRow } from '@milepost/contracts/dispatchers-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface TeamsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const teamsKeys = areaKeys('teams');

/** GET /teams: one page. */
export function getTeams(params: TeamsListParams, page: number, signal?: AbortSignal): Promise<Paged<TeamRow>> {
  return api.get<Paged<TeamRow>>('/teams', { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function teamsListQueryOptions(params: TeamsListParams) {
  return pagedInfiniteQueryOptions(teamsKeys.list(params), (page, signal) => getTeams(params, page, signal));
}

/** POST /teams */
export function createTeam(body: TeamForm): Promise<TeamRow> {
  return api.post<TeamRow>('/teams', body);
}

/** PUT /teams/{id} */
export function updateTeam({ id, body }: { id: number; body: TeamForm }): Promise<TeamRow> {
  return api.put<TeamRow>(`/teams/${id}`, body);
}

/** PATCH /teams/change-status/{id}?active= */
export function changeTeamStatus({ id, active }: { id: number; active: boolean }): Promise<TeamRow> {
  return api.patch<TeamRow>(`/teams/change-status/${id}`, undefined, { query: { active } });
}

export const useCreateTeamMutation = () => useWriteMutation('teams', createTeam);
export const useUpdateTeamMutation = () => useWriteMutation('teams', updateTeam);
export const useChangeTeamStatusMutation = () => useWriteMutation('teams', changeTeamStatus);
