import type { Paged } from '@milepost/contracts/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LookupOption, LookupTexts } from '@/components/ui/lookup-select';
import { callApi, type ApiData } from './api-client';
import type { RouteDef, RouteRef } from '@milepost/contracts/route-table';
import type { z } from 'zod';
import * as routes from '@milepost/contracts/route-refs.gen';
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

/** A list route of the table: paged, searched by keyword. */
type ListRoute = RouteDef & { readonly query: z.ZodType };
type RowOf<D extends RouteDef> = ApiData<D> extends Paged<infer T> ? T : never;

function lookupQuery<D extends ListRoute>(area: QueryArea, route: RouteRef<D>, fixed: Query, keyParts: readonly unknown[] = []) {
  return (keyword: string) =>
    pagedInfiniteQueryOptions(
      areaKeys(area).options(...keyParts, fixed, keyword),
      (page, signal): Promise<Paged<RowOf<D>>> =>
        callApi(route as RouteRef<ListRoute>, { query: { keyword, page, size: LOOKUP_PAGE_SIZE, ...fixed }, signal }) as Promise<Paged<RowOf<D>>>,
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
  queryOptions: lookupQuery('trucks', routes.trucks.list, { active: true, sort: 'unitNumber,asc' }),
  toOption: truckOption,
  texts: lookupTexts('trucks'),
};

/** One company's active trucks by unit number (a fuel purchase typed on screen: docs/ifta.md). */
export function companyTruckLookup(companyId: number) {
  return {
    queryOptions: lookupQuery('trucks', routes.trucks.list, { active: true, sort: 'unitNumber,asc', companyId }),
    toOption: truckOption,
    texts: lookupTexts('trucks'),
  };
}

/** Every driver by first name (filters and the assign drawer). */
export const driverLookup = {
  queryOptions: lookupQuery('drivers', routes.drivers.list, { sort: 'firstName,asc' }),
  toOption: personOption,
  texts: lookupTexts('drivers'),
};

/** Active drivers, only the truck's when a truck is given (the trip form and filters). */
export function activeDriverLookup(truckId: number | undefined) {
  return {
    queryOptions: lookupQuery('drivers', routes.drivers.list, { active: true, truckId }),
    toOption: personOption,
    texts: lookupTexts('drivers'),
  };
}

/** Every user (the trips' Assigned User filter). */
export const userLookup = {
  queryOptions: lookupQuery('users', routes.users.list, {}),
  toOption: personOption,
  texts: lookupTexts('users'),
};

/** Active users by first name (the assign drawer). */
export const activeUserLookup = {
  queryOptions: lookupQuery('users', routes.users.list, { active: true, sort: 'firstName,asc' }),
  toOption: personOption,
  texts: lookupTexts('users'),
};

/** Companies by name. */
export const companyLookup = {
  queryOptions: lookupQuery('companies', routes.companies.list, { sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('companies'),
};

/** Active dispatchers. */
export const dispatcherLookup = {
  queryOptions: lookupQuery('dispatchers', routes.dispatchers.list, { active: true }),
  toOption: personOption,
  texts: lookupTexts('dispatchers'),
};

/** Active teams by name. */
export const teamLookup = {
  queryOptions: lookupQuery('teams', routes.teams.list, { active: true, sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('teams'),
};

/** Active roles by name. */
export const roleLookup = {
  queryOptions: lookupQuery('roles', routes.roles.list, { active: true, sort: 'name,asc' }),
  toOption: namedOption,
  texts: lookupTexts('roles'),
};

/** Active recovery reasons. */
export const recoveryReasonLookup = {
  queryOptions: lookupQuery('recoveryReasons', routes.recoveryReasons.list, { active: true }),
  toOption: namedOption,
  texts: lookupTexts('reasons'),
};

// ---- one record by id, for a filter's label read back from a linked URL

/** GET /companies/{id} */
export const companyQueryOptions = (id: number) =>
  queryOptions({ queryKey: areaKeys('companies').detail(id), queryFn: ({ signal }) => callApi(routes.companies.get, { params: { id }, signal }) });

/** One record of a list by its `id` filter, as a picker option (null when there is none). */
function optionById<D extends ListRoute>(area: QueryArea, route: RouteRef<D>, toOption: (row: RowOf<D>) => LookupOption) {
  return (id: number) =>
    queryOptions({
      queryKey: areaKeys(area).options('by-id', id),
      queryFn: async ({ signal }) => {
        const found = (await callApi(route as RouteRef<ListRoute>, { query: { id, page: 0, size: 1 }, signal })) as Paged<RowOf<D>>;
        return found.content[0] ? toOption(found.content[0]) : null;
      },
    });
}

/** GET /drivers?id= as an option. */
export const driverOptionById = optionById('drivers', routes.drivers.list, personOption);
/** GET /teams?id= as an option. */
export const teamOptionById = optionById('teams', routes.teams.list, namedOption);

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
      const page = await callApi(routes.roles.list, { query: { keyword: name, active: true, page: 0, size: LOOKUP_PAGE_SIZE, sort: 'name,asc' }, signal });
      return page.content.find((role) => role.name === name) ?? null;
    },
  });
}
