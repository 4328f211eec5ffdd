import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { CompanyForm, CompanyRow, CompanyTokensForm } from '@milepost/contracts/companies-api';
import type { SyncRequest } from '@milepost/contracts/integrations-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { companyQueryOptions } from '@/lib/lookups';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface CompaniesListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const companiesKeys = areaKeys('companies');

/** GET /companies/{id} (tokens only as hints); shared with the trucks' Company filter. */
export { companyQueryOptions };

/** GET /companies: one page. */
export function getCompanies(params: CompaniesListParams, page: number, signal?: AbortSignal): Promise<Paged<CompanyRow>> {
  return callApi(routes.companies.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function companiesListQueryOptions(params: CompaniesListParams) {
  return pagedInfiniteQueryOptions(companiesKeys.list(params), (page, signal) => getCompanies(params, page, signal));
}

/** PUT /companies/{id}; `version` is the one the form was loaded at (a stale one gets 409 STALE_VERSION). */
export function updateCompany({ id, body }: { id: number; body: CompanyForm & { version: number } }): Promise<CompanyRow> {
  return callApi(routes.companies.update, { params: { id }, body });
}

/** PUT /companies/change-tokens/{companyId}: stored encrypted, never returned; `version` as for PUT /companies/{id}. */
export function changeCompanyTokens({ id, body }: { id: number; body: CompanyTokensForm & { version: number } }): Promise<CompanyRow> {
  return callApi(routes.companies.changeTokens, { params: { companyId: id }, body });
}

/** PATCH /companies/change-status/{id}?active= with the `version` the row was shown at (a stale one gets 409 STALE_VERSION). */
export function changeCompanyStatus({ id, active, version }: { id: number; active: boolean; version: number }): Promise<CompanyRow> {
  return callApi(routes.companies.changeStatus, { params: { id }, body: { version }, query: { active } });
}

export const useUpdateCompanyMutation = () => useWriteMutation('companies', updateCompany);
export const useChangeCompanyTokensMutation = () => useWriteMutation('companies', changeCompanyTokens);
export const useChangeCompanyStatusMutation = () => useWriteMutation('companies', changeCompanyStatus);

/** GET /integrations/status?companyId=: each provider's last sync; polled while one waits or runs. */
export function integrationStatusQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companiesKeys.all, 'integrations', companyId] as const,
    queryFn: ({ signal }) => callApi(routes.telematics.status, { query: { companyId }, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && Object.values(data).some((p) => p.state === 'QUEUED' || p.state === 'RUNNING') ? 2_000 : false;
    },
  });
}

/** POST /integrations/sync → 202: the sync is queued; the status shows how it goes. */
export function syncIntegration(body: SyncRequest): Promise<{ state: string }> {
  return callApi(routes.telematics.sync, { body });
}

export const useSyncIntegrationMutation = () => useWriteMutation('companies', syncIntegration);
