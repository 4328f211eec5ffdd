import type { Paged } from '@milepost/contracts/api';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { DispatcherRow, TeamRow } from '@milepost/contracts/dispatchers-api';
import type { DriverRow } from '@milepost/contracts/drivers-api';
import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import type { RoleRow } from '@milepost/contracts/roles-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import type { UserRow } from '@milepost/contracts/users-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LookupOption, LookupTexts } from '@/components/ui/lookup-select';
import { api } from './api-client';
import { pagedInfiniteQueryOptions } from './paged-query';
import { areaKeys, type QueryArea } from './query-keys';

/**
 * The pickers of reference records that several screens share (trucks, drivers, users, companies,
 * dispatchers, teams, roles, recovery reasons): each is the infinite-query options for a keyword,
 * the option mapper and the picker texts, ready to spread into a LookupSelect
 * (`<LookupSelect {...truckLookup} id=… value=… onChange=… />`). Their keys sit under the area's
 * root (`[area, 'options', …]`), so a write of that area refreshes them too. A picker only one
 * screen uses lives in that feature's api file.
 */

/** Options per page of the pickers. */
export const LOOKUP_PAGE_SIZE = 20;

type Query = Record<string, string | number | boolean | undefined>;

/** Picker texts for a plural noun: 'No drivers available', 'No drivers found for "x"', 'Loading drivers...'. */
export function lookupTexts(noun: string): LookupTexts {
  return {
    empty: `No ${noun} available`,
    noResults: (text: string) => `No ${noun} found for "${text}"`,
    loading: `Loading ${noun}...`,
  };
}

function lookupQuery<T>(area: QueryArea, path: string, fixed: Query, keyParts: readonly unknown[] = []) {
  return (keyword: string) =>
    pagedInfiniteQueryOptions(areaKeys(area).options(...keyParts, fixed, keyword), (page, signal) =>
      api.get<Paged<T>>(path, { query: { keyword, page, size: LOOKUP_PAGE_SIZE, ...fixed }, signal }),
    );
}

// ---- option mappers

/** 'First Last' (a missing last name is left out). */
export const personName = (p: { firstName: string; lastName: string | null }) => `${p.firstName} ${p.lastName ?? ''}`.trim();
export const personOption = (p: { id: number; firstName: string; lastName: string | null }): LookupOption => ({ id: p.id, label: personName(p) });
export const namedOption = (r: { id: number; name: string }): LookupOption => ({ id: r.id, label: r.name });
export const truckOption = (t: { id: number; unitNumber: string }): LookupOption => ({ id: t.id, label: t.unitNumber });

// ---- the shared pickers

/** Active trucks by unit number. */
export const truckLookup = {
  queryOptions: lookupQuery<TruckRow>('trucks', '/trucks', { active: true, sort: 'unitNumber,asc' }),
  toOption: truckOption,
  texts: lookupTexts('trucks'),
};

/** Every driver by first name (filters and the assign drawer). */
export const driverLookup = {
  queryOptions: lookupQuery<DriverRow>('drivers', '/drivers', { sort: 'firstName,asc' }),
  toOption: personOption,
  texts: lookupTexts('drivers'),
};

/** Active drivers, only the truck's when a truck is given (the trip form and filters). */
export function activeDriverLookup(truckId: number | undefined) {
  return {
    queryOptions: lookupQuery<DriverRow>('drivers', '/drivers', { active: true, truckId }),
    toOption: personOption,
    texts: lookupTexts('drivers'),
  };
}

/** Every user (the trips' Assigned User filter). */
export const userLookup = {
  queryOptions: lookupQuery<UserRow>('users', '/users', {}),
  toOption: personOption,
  texts: lookupTexts('users'),
};

/** Active users by first name (the assign drawer). */
export const activeUserLookup = {
  queryOptions: lookupQuery<UserRow>('users', '/users', { active: true, sort: 'firstName,asc' }),
  toOption: personOption,
  texts: lookupTexts('users'),
};

/** Companies by name. */
export const companyLookup = {
  queryOptions: lookupQuery<CompanyRow>('companies', '/companies', { sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('companies'),
};

/** Active dispatchers. */
export const dispatcherLookup = {
  queryOptions: lookupQuery<DispatcherRow>('dispatchers', '/dispatchers', { active: true }),
  toOption: personOption,
  texts: lookupTexts('dispatchers'),
};

/** Active teams by name. */
export const teamLookup = {
  queryOptions: lookupQuery<TeamRow>('teams', '/teams', { active: true, sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('teams'),
};

/** Active roles by name. */
export const roleLookup = {
  queryOptions: lookupQuery<RoleRow>('roles', '/roles', { active: true, sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('roles'),
};

/** Active recovery reasons. */
export const recoveryReasonLookup = {
  queryOptions: lookupQuery<RecoveryReasonRow>('recoveryReasons', '/recovery/reasons', { active: true }),
  toOption: namedOption,
  texts: lookupTexts('reasons'),
};

// ---- one record by id, for a filter's label read back from a linked URL

function recordQuery<T>(area: QueryArea, path: string) {
  return (id: number) => queryOptions({ queryKey: areaKeys(area).detail(id), queryFn: ({ signal }) => api.get<T>(`${path}/${id}`, { signal }) });
}

/** GET /companies/{id} */
export const companyQueryOptions = recordQuery<CompanyRow>('companies', '/companies');

/** One record of a list by its `id` filter, as a picker option (null when there is none). */
function optionById<T>(area: QueryArea, path: string, toOption: (row: T) => LookupOption) {
  return (id: number) =>
    queryOptions({
      queryKey: areaKeys(area).options('by-id', id),
      queryFn: async ({ signal }) => {
        const found = await api.get<Paged<T>>(path, { query: { id, page: 0, size: 1 }, signal });
        return found.content[0] ? toOption(found.content[0]) : null;
      },
    });
}

/** GET /drivers?id= as an option. */
export const driverOptionById = optionById<DriverRow>('drivers', '/drivers', personOption);
/** GET /teams?id= as an option. */
export const teamOptionById = optionById<TeamRow>('teams', '/teams', namedOption);

/**
 * The chosen option of a filter whose id lives in the URL: the option just picked when it is
 * that id, else read back by id (after a reload or from a linked URL) — never a bare id once
 * the record has answered. '…' while it loads; '#id' only for a record that does not exist.
 */
export function useChosenOption(
  id: number | undefined,
  picked: LookupOption | null | undefined,
  byId: (id: number) => ReturnType<ReturnType<typeof optionById>>,
): LookupOption | null {
  const known = picked && picked.id === id ? picked : null;
  const query = useQuery({ ...byId(id ?? 0), enabled: id !== undefined && known === null });
  if (id === undefined) return null;
  if (known) return known;
  return { id, label: query.data?.label ?? (query.isPending && !query.error ? '…' : `#${id}`) };
}

/** The active role named `name` (the new-user form preselects OWNER), or null. */
export function roleByNameQueryOptions(name: string) {
  return queryOptions({
    queryKey: areaKeys('roles').options('by-name', name),
    queryFn: async ({ signal }) => {
      const page = await api.get<Paged<RoleRow>>('/roles', { query: { keyword: name, active: true, page: 0, size: LOOKUP_PAGE_SIZE, sort: 'name,asc' }, signal });
      return page.content.find((role) => role.name === name) ?? null;
    },
  });
}
