import type { Paged } from '@milepost/contracts/api';
import type { DispatcherRow } from '@milepost/contracts/dispatchers-api';
import type { DriverRow } from '@milepost/contracts/drivers-api';
import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import type { HistoryEntry, IdentifierType } from '@milepost/contracts/trips-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import type { UserRow } from '@milepost/contracts/users-api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LookupOption } from '@/components/ui/lookup-select';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { tripsKeys } from './get-trips';

/** Options per page of the pickers. */
export const PICKER_PAGE_SIZE = 20;
export const TRIP_HISTORY_PAGE_SIZE = 10;

const picker = <T>(path: string, keyword: string, page: number, signal: AbortSignal, extra: Record<string, string | number | boolean | undefined> = {}) =>
  api.get<Paged<T>>(path, { query: { keyword, page, size: PICKER_PAGE_SIZE, ...extra }, signal });

/** GET /trips/identifier-numbers?type=LOAD_NUMBER|TRAILER_NUMBER: load or trailer numbers. */
export function identifierNumbersQueryOptions(type: IdentifierType) {
  return (keyword: string) =>
    pagedInfiniteQueryOptions([...tripsKeys.lookups(), 'numbers', type, keyword] as const, (page, signal) =>
      api.get<Paged<{ identifierValue: string }>>('/trips/identifier-numbers', { query: { keyword, type, page, size: PICKER_PAGE_SIZE }, signal }),
    );
}

/** GET /trucks (active) for the truck pickers. */
export const truckOptionsQueryOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['trucks', 'trip-options', keyword] as const, (page, signal) =>
    picker<TruckRow>('/trucks', keyword, page, signal, { active: true, sort: 'unitNumber,asc' }),
  );

/** GET /drivers (active), optionally only the truck's drivers. */
export const driverOptionsQueryOptions = (truckId: number | undefined) => (keyword: string) =>
  pagedInfiniteQueryOptions(['drivers', 'trip-options', truckId ?? null, keyword] as const, (page, signal) =>
    picker<DriverRow>('/drivers', keyword, page, signal, { active: true, truckId }),
  );

/** GET /dispatchers (active). */
export const dispatcherOptionsQueryOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['dispatchers', 'trip-options', keyword] as const, (page, signal) =>
    picker<DispatcherRow>('/dispatchers', keyword, page, signal, { active: true }),
  );

/** GET /recovery/reasons?active=true. */
export const recoveryReasonOptionsQueryOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['recovery-reasons', 'trip-options', keyword] as const, (page, signal) =>
    picker<RecoveryReasonRow>('/recovery/reasons', keyword, page, signal, { active: true }),
  );

/** GET /users for the Assigned User filter. */
export const userOptionsQueryOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['users', 'trip-options', keyword] as const, (page, signal) => picker<UserRow>('/users', keyword, page, signal));

export interface VehicleInfo {
  trucks: { id: number; unitNumber: string }[];
  drivers: { id: number; firstName: string; lastName: string }[];
}

/** GET /trips/vehicle/info-by-identifier-number?number=: trucks and drivers that ran a number. */
export function getVehicleInfo(number: string, signal?: AbortSignal): Promise<VehicleInfo> {
  return api.get<VehicleInfo>('/trips/vehicle/info-by-identifier-number', { query: { number }, signal });
}

/** GET /trip-action-history?tripId&page&size=10, newest first. */
export function tripHistoryQueryOptions(tripId: number, page: number) {
  return queryOptions({
    queryKey: tripsKeys.history(tripId, page),
    queryFn: ({ signal }) =>
      api.get<Paged<HistoryEntry>>('/trip-action-history', { query: { tripId, page, size: TRIP_HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

// ---- picker option mappers

export const personName = (p: { firstName: string; lastName: string | null }) => `${p.firstName} ${p.lastName ?? ''}`.trim();
export const truckOption = (t: { id: number; unitNumber: string }): LookupOption => ({ id: t.id, label: t.unitNumber });
export const personOption = (p: { id: number; firstName: string; lastName: string | null }): LookupOption => ({ id: p.id, label: personName(p) });
export const reasonOption = (r: RecoveryReasonRow): LookupOption => ({ id: r.id, label: r.name });

/**
 * Load and trailer numbers are strings; the shared picker keys options by number, so a number
 * gets a stable numeric id from its text (the label carries the value itself).
 */
export function numberOption(item: { identifierValue: string }): LookupOption {
  let hash = 0;
  for (const ch of item.identifierValue) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return { id: hash >>> 0, label: item.identifierValue };
}
