import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { TeamForm, TeamRow } from '@milepost/contracts/dispatchers-api';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Sort fields of GET /teams (contracts teamListQuery). */
export const teamSortFields = ['id', 'name', 'active', 'created', 'updated'] as const;

export interface TeamsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const teamsKeys = {
  all: ['teams'] as const,
  lists: () => ['teams', 'list'] as const,
  list: (params: TeamsListParams) => ['teams', 'list', params] as const,
  detail: (id: number) => ['teams', 'detail', id] as const,
};

/** GET /teams: one page. */
export function getTeams(params: TeamsListParams, page: number, signal?: AbortSignal): Promise<Paged<TeamRow>> {
  return api.get<Paged<TeamRow>>('/teams', { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function teamsListQueryOptions(params: TeamsListParams) {
  return pagedInfiniteQueryOptions(teamsKeys.list(params), (page, signal) => getTeams(params, page, signal));
}

/** After a write: every team list, picker and record, and the dispatcher lists (they show team names). */
export async function invalidateTeams(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: teamsKeys.all }), queryClient.invalidateQueries({ queryKey: ['dispatchers'] })]);
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

function useTeamWrite<I>(fn: (input: I) => Promise<TeamRow>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateTeams(queryClient) });
}

export const useCreateTeamMutation = () => useTeamWrite(createTeam);
export const useUpdateTeamMutation = () => useTeamWrite(updateTeam);
export const useChangeTeamStatusMutation = () => useTeamWrite(changeTeamStatus);
