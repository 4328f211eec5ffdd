import type { DuplicateCheckRow, IdentifierType, TripDetail, TripInput, TripStatus } from '@milepost/contracts/trips-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTrips } from './get-trips';

/** The trip payload as sent: dates MM/DD/YYYY HH:mm:ss, empty values dropped, mileage numbers or null. */
export type TripPayload = Partial<TripInput> & Pick<TripInput, 'tripStops'> & { isRecoveryLoad?: boolean };

/** POST /trips. */
export function createTrip(body: TripPayload): Promise<TripDetail> {
  return api.post<TripDetail>('/trips', body);
}

/** PUT /trips/{id} with the version the form was loaded at (a stale one gets 409). */
export function updateTrip({ id, body }: { id: number; body: TripPayload & { version: number } }): Promise<TripDetail> {
  return api.put<TripDetail>(`/trips/${id}`, body);
}

/** PATCH /trips/change-trip-status/{id}?tripStatus= */
export function changeTripStatus({ id, tripStatus }: { id: number; tripStatus: TripStatus }): Promise<TripDetail> {
  return api.patch<TripDetail>(`/trips/change-trip-status/${id}`, undefined, { query: { tripStatus } });
}

/** GET /trips/check-number: trips already using a number, by recovery index. */
export function checkTripNumber(number: string, identifierType: IdentifierType, signal?: AbortSignal): Promise<DuplicateCheckRow[]> {
  return api.get<DuplicateCheckRow[]>('/trips/check-number', { query: { number: number.trim(), identifierType }, signal });
}

export function useCreateTripMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTrip, onSuccess: (trip) => invalidateTrips(queryClient, trip.id) });
}

export function useUpdateTripMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTrip, onSuccess: (trip) => invalidateTrips(queryClient, trip.id) });
}

export function useChangeTripStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeTripStatus, onSuccess: (trip) => invalidateTrips(queryClient, trip.id) });
}
