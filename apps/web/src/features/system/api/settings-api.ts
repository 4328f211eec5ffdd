import type { TripSettings, TripSettingsForm } from '@milepost/contracts/settings-api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const settingsKeys = {
  byType: (type: string) => ['global-setting', type] as const,
};

/** GET /global-setting/by-type?type=TRIP; null when none exist yet (404). */
export async function getTripSettings(signal?: AbortSignal): Promise<TripSettings | null> {
  try {
    return await api.get<TripSettings>('/global-setting/by-type', { query: { type: 'TRIP' }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function tripSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.byType('TRIP'), queryFn: ({ signal }) => getTripSettings(signal) });
}

/** PUT /global-setting/{id} when the settings exist, otherwise POST /global-setting. */
export function saveTripSettings({ id, body }: { id: number | undefined; body: TripSettingsForm }): Promise<TripSettings> {
  return id === undefined ? api.post<TripSettings>('/global-setting', body) : api.put<TripSettings>(`/global-setting/${id}`, body);
}

export function useSaveTripSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTripSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.byType('TRIP'), saved);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.byType('TRIP') });
    },
  });
}
