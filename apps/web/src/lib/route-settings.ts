import { DEFAULT_ROUTE_SETTING } from '@milepost/contracts/route-settings';
import type { UserRouteSetting, UserRouteSettingForm } from '@milepost/contracts/settings-api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { callApi, isApiError } from './api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { meQueryOptions } from './current-user';
import { distanceNumber, distanceText, hoursText, milesText, UNIT_SUFFIX, type DistanceSource } from './distance-format';
import { QUERY_ROOTS, useWriteMutation } from './query-keys';

/**
 * The signed-in user's route settings (docs/product/trips.md "Route settings popover"): 53' trailer,
 * Practical/Shortest, Miles/KM; trailer on, Practical, Miles until they choose otherwise.
 * GET /user-route-setting/{userId}; a 404 means none yet, so they are created (POST) with the
 * defaults; changes are saved with PUT /user-route-setting/{id}.
 */
export type RouteSettingValues = Pick<UserRouteSetting, 'trailerType' | 'routingType' | 'distanceUnit'>;

export const DEFAULT_ROUTE_SETTINGS: RouteSettingValues = { ...DEFAULT_ROUTE_SETTING };

export const routeSettingKey = (userId: number) => [...QUERY_ROOTS.routeSettings, userId] as const;

/** GET, or on 404 POST the defaults: resolves with the stored row either way. */
export async function getOrCreateRouteSetting(userId: number, signal?: AbortSignal): Promise<UserRouteSetting> {
  try {
    return await callApi(routes.settings.routeSetting, { params: { userId }, signal });
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    const body: UserRouteSettingForm = { userId, ...DEFAULT_ROUTE_SETTINGS };
    return callApi(routes.settings.createRouteSetting, { body, signal });
  }
}

export function routeSettingQueryOptions(userId: number) {
  return queryOptions({ queryKey: routeSettingKey(userId), queryFn: ({ signal }) => getOrCreateRouteSetting(userId, signal), staleTime: Infinity });
}

/** PUT /user-route-setting/{id} */
export function updateRouteSetting(next: UserRouteSetting): Promise<UserRouteSetting> {
  const body: UserRouteSettingForm = { userId: next.userId, trailerType: next.trailerType, routingType: next.routingType, distanceUnit: next.distanceUnit };
  return callApi(routes.settings.updateRouteSetting, { params: { id: next.id }, body });
}

export interface RouteSettingsState extends RouteSettingValues {
  /** The stored row; null while it loads (the defaults apply meanwhile). */
  stored: UserRouteSetting | null;
  isLoading: boolean;
  /** Saves a change (shown at once; put back if the save fails). */
  update: (patch: Partial<RouteSettingValues>) => Promise<void>;
  isSaving: boolean;
}

export function useRouteSettings(): RouteSettingsState {
  const me = useQuery(meQueryOptions());
  const userId = me.data?.id;
  const query = useQuery({ ...routeSettingQueryOptions(userId ?? 0), enabled: userId !== undefined });
  const stored = query.data ?? null;

  const mutation = useWriteMutation('routeSettings', updateRouteSetting, (queryClient, saved) => queryClient.setQueryData(routeSettingKey(saved.userId), saved));
  const { mutateAsync } = mutation;
  // Shown at once and built on what is shown, so quick successive changes do not undo each
  // other; put back if the save fails.
  const queryClient = useQueryClient();
  const update = useCallback(
    async (patch: Partial<RouteSettingValues>) => {
      if (userId === undefined) return;
      const key = routeSettingKey(userId);
      const previous = queryClient.getQueryData<UserRouteSetting>(key);
      if (!previous) return;
      const next = { ...previous, ...patch };
      queryClient.setQueryData(key, next);
      try {
        await mutateAsync(next);
      } catch (error) {
        if (JSON.stringify(queryClient.getQueryData(key)) === JSON.stringify(next)) queryClient.setQueryData(key, previous);
        throw error;
      }
    },
    [userId, queryClient, mutateAsync],
  );

  const values = stored ?? DEFAULT_ROUTE_SETTINGS;
  return {
    trailerType: values.trailerType,
    routingType: values.routingType,
    distanceUnit: values.distanceUnit,
    stored,
    isLoading: query.isPending && userId !== undefined,
    update,
    isSaving: mutation.isPending,
  };
}

/** The distance writers bound to the user's unit: every distance on screen goes through these. */
export function useDistanceFormat() {
  const { distanceUnit } = useRouteSettings();
  return useMemo(
    () => ({
      unit: distanceUnit,
      suffix: UNIT_SUFFIX[distanceUnit],
      distance: (meters: number, source?: DistanceSource | null) => distanceText(meters, distanceUnit, source),
      miles: (miles: number, source?: DistanceSource | null) => milesText(miles, distanceUnit, source),
      number: (meters: number) => distanceNumber(meters, distanceUnit),
      hours: hoursText,
    }),
    [distanceUnit],
  );
}
