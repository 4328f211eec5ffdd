import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import type { TripSettings, TripSettingsForm } from '@milepost/contracts/settings-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi, hasErrorCode } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { QUERY_ROOTS, areaKeys, useWriteMutation } from '@/lib/query-keys';

// ---- recovery reasons

export interface RecoveryReasonsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const recoveryReasonsKeys = areaKeys('recoveryReasons');

/** GET /recovery/reasons: one page. */
export function getRecoveryReasons(params: RecoveryReasonsListParams, page: number, signal?: AbortSignal): Promise<Paged<RecoveryReasonRow>> {
  return callApi(routes.recoveryReasons.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function recoveryReasonsListQueryOptions(params: RecoveryReasonsListParams) {
  return pagedInfiniteQueryOptions(recoveryReasonsKeys.list(params), (page, signal) => getRecoveryReasons(params, page, signal));
}

/** POST /recovery/reasons */
export function createRecoveryReason(body: { name: string }): Promise<RecoveryReasonRow> {
  return callApi(routes.recoveryReasons.create, { body });
}

/** PUT /recovery/reasons with the id in the body. */
export function updateRecoveryReason(body: { id: number; name: string }): Promise<RecoveryReasonRow> {
  return callApi(routes.recoveryReasons.replace, { body });
}

/** PATCH /recovery/reasons/change-status/{id}?active= */
export function changeRecoveryReasonStatus({ id, active }: { id: number; active: boolean }): Promise<RecoveryReasonRow> {
  return callApi(routes.recoveryReasons.changeStatus, { params: { id }, query: { active } });
}

export const useCreateRecoveryReasonMutation = () => useWriteMutation('recoveryReasons', createRecoveryReason);
export const useUpdateRecoveryReasonMutation = () => useWriteMutation('recoveryReasons', updateRecoveryReason);
export const useChangeRecoveryReasonStatusMutation = () => useWriteMutation('recoveryReasons', changeRecoveryReasonStatus);

// ---- trip settings (radii)

export const settingsKeys = {
  byType: (type: string) => [...QUERY_ROOTS.settings, type] as const,
};

/** GET /global-setting/by-type?type=TRIP; null when none exist yet (404). */
export async function getTripSettings(signal?: AbortSignal): Promise<TripSettings | null> {
  try {
    return await callApi(routes.settings.byType, { query: { type: 'TRIP' }, signal });
  } catch (error) {
    if (hasErrorCode(error, 'NOT_FOUND')) return null;
    throw error;
  }
}

export function tripSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.byType('TRIP'), queryFn: ({ signal }) => getTripSettings(signal) });
}

/** PUT /global-setting/{id} when the settings exist, otherwise POST /global-setting. */
export function saveTripSettings({ id, body }: { id: number | undefined; body: TripSettingsForm }): Promise<TripSettings> {
  return id === undefined ? callApi(routes.settings.create, { body }) : callApi(routes.settings.update, { params: { id }, body });
}

/** The saved settings show at once. */
export const useSaveTripSettingsMutation = () =>
  useWriteMutation('settings', saveTripSettings, (queryClient, saved) => queryClient.setQueryData(settingsKeys.byType('TRIP'), saved));

// ---- HERE routing status (docs/routing.md#throttles)

/** GET /routing/status: whether HERE answers, or is throttled / unavailable since when. Read from the database, never from HERE. */
export function routingStatusQueryOptions() {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.settings, 'routing-status'] as const,
    queryFn: ({ signal }) => callApi(routes.routing.status, { signal }),
    // A throttle lasts seconds to minutes: the line follows it while the screen is open.
    refetchInterval: 30_000,
  });
}
