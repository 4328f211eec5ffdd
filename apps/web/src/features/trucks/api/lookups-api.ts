import type { Paged } from '@milepost/contracts/api';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { AssignDriversForm, DriverRow } from '@milepost/contracts/drivers-api';
import type { UserRow } from '@milepost/contracts/users-api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { invalidateTrucks } from './trucks-api';

/** Options per page of the pickers. */
export const LOOKUP_PAGE_SIZE = 20;

/** GET /companies?keyword: the Company filter. */
export function companyOptionsQueryOptions(keyword: string) {
  return pagedInfiniteQueryOptions(['companies', 'options', keyword] as const, (page, signal) =>
    api.get<Paged<CompanyRow>>('/companies', { query: { keyword, page, size: LOOKUP_PAGE_SIZE, sort: 'name,asc' }, signal }),
  );
}

/** GET /companies/{id}: the name of the company in the URL's filter. */
export function companyNameQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['companies', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<CompanyRow>(`/companies/${id}`, { signal }),
  });
}

/** GET /drivers?keyword: the Driver filter and the assign drawer's drivers. */
export function driverOptionsQueryOptions(keyword: string) {
  return pagedInfiniteQueryOptions(['drivers', 'options', keyword] as const, (page, signal) =>
    api.get<Paged<DriverRow>>('/drivers', { query: { keyword, page, size: LOOKUP_PAGE_SIZE, sort: 'firstName,asc' }, signal }),
  );
}

/** GET /users?active=true&keyword: the assign drawer's user. */
export function userOptionsQueryOptions(keyword: string) {
  return pagedInfiniteQueryOptions(['users', 'options', 'active', keyword] as const, (page, signal) =>
    api.get<Paged<UserRow>>('/users', { query: { keyword, active: true, page, size: LOOKUP_PAGE_SIZE, sort: 'firstName,asc' }, signal }),
  );
}

export const driverName = (driver: Pick<DriverRow, 'firstName' | 'lastName'>) => `${driver.firstName} ${driver.lastName}`.trim();

/** POST /drivers/assign-user: the drivers (and so their trucks) go to one user. */
export function assignDriversToUser(body: AssignDriversForm): Promise<unknown> {
  return api.post<unknown>('/drivers/assign-user', body);
}

export function useAssignDriversMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDriversToUser,
    onSuccess: () => Promise.all([invalidateTrucks(queryClient), queryClient.invalidateQueries({ queryKey: ['drivers'] })]),
  });
}
