import type { RouteResponse } from '@milepost/contracts/routing-api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { routeRequestFor, routesQueryOptions } from '@/components/map/routing-queries';
import { errorText } from '@/lib/error-messages';
import { useRouteSettings } from '@/lib/route-settings';
import { RECALC_DELAY_MS, applyLegs, type StopDraft } from '../stops';

/** How the API answered the last legs: routed or estimated, and why. */
export interface LegsAnswer {
  source: RouteResponse['source'];
  reason: RouteResponse['estimateReason'];
  basis: RouteResponse['estimateBasis'];
}

/**
 * The stops' legs through the API (POST /routing/routes, with the user's route settings), 100 ms
 * after a change of stops or route settings with at least 2 valid stops: the legs go into the
 * stops through `onChange`; answers how the API routed them, or why it could not.
 */
export function useStopLegs(stops: readonly StopDraft[], onChange: (stops: StopDraft[]) => void) {
  const queryClient = useQueryClient();
  const { routingType, trailerType, isLoading: settingsLoading } = useRouteSettings();
  const [answer, setAnswer] = useState<LegsAnswer | null>(null);
  const [routeError, setRouteError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const request = routeRequestFor(
      stops.map((s) => ({ lat: s.latitude, lng: s.longitude })),
      { routingType, trailerType },
    );
    // Routed with the user's own settings, not the defaults that stand in while they load.
    if (!request || settingsLoading) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      queryClient.fetchQuery(routesQueryOptions(request)).then(
        (response) => {
          const primary = response.routes[0];
          if (cancelled || !primary) return;
          setAnswer({ source: response.source, reason: response.estimateReason, basis: response.estimateBasis });
          setRouteError(null);
          const next = applyLegs(stops, primary.legs);
          if (next !== stops) onChangeRef.current([...next]);
        },
        (error: unknown) => {
          if (!cancelled) setRouteError(errorText(error));
        },
      );
    }, RECALC_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [stops, routingType, trailerType, settingsLoading, queryClient]);
  return { answer, routeError };
}
