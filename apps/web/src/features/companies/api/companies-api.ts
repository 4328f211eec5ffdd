import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { CompanyForm, CompanyRow, CompanyTokensForm } from '@milepost/contracts/companies-api';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Sort fields of GET /companies (contracts companyListQuery). */
export const companySortFields = ['id', 'name', 'email', 'phone', 'usDot', 'active', 'created'] as const;

export interface CompaniesListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const companiesKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  list: (params: CompaniesListParams) => ['companies', 'list', params] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
};

/** GET /companies: one page. */
export function getCompanies(params: CompaniesListParams, page: number, signal?: AbortSignal): Promise<Paged<CompanyRow>> {
  return api.get<Paged<CompanyRow>>('/companies', { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function companiesListQueryOptions(params: CompaniesListParams) {
  return pagedInfiniteQueryOptions(companiesKeys.list(params), (page, signal) => getCompanies(params, page, signal));
}

/** GET /companies/{id} (tokens only as hints). */
export function companyQueryOptions(id: number) {
  return queryOptions({ queryKey: companiesKeys.detail(id), queryFn: ({ signal }) => api.get<CompanyRow>(`/companies/${id}`, { signal }) });
}

/** After a write the lists and the record are refreshed (trucks show company names too). */
export async function invalidateCompanies(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companiesKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: companiesKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: ['trucks'] }),
  ]);
}

/** PUT /companies/{id}; `version` is the one the form was loaded at. */
export function updateCompany({ id, body }: { id: number; body: CompanyForm & { version?: number | undefined } }): Promise<CompanyRow> {
  return api.put<CompanyRow>(`/companies/${id}`, body);
}

/** PUT /companies/change-tokens/{companyId}: stored encrypted, never returned. */
export function changeCompanyTokens({ id, body }: { id: number; body: CompanyTokensForm }): Promise<CompanyRow> {
  return api.put<CompanyRow>(`/companies/change-tokens/${id}`, body);
}

/** PATCH /companies/change-status/{id}?active= */
export function changeCompanyStatus({ id, active }: { id: number; active: boolean }): Promise<CompanyRow> {
  return api.patch<CompanyRow>(`/companies/change-status/${id}`, undefined, { query: { active } });
}

function useCompanyWrite<I>(fn: (input: I) => Promise<CompanyRow>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (company) => invalidateCompanies(queryClient, company.id) });
}

export const useUpdateCompanyMutation = () => useCompanyWrite(updateCompany);
export const useChangeCompanyTokensMutation = () => useCompanyWrite(changeCompanyTokens);
export const useChangeCompanyStatusMutation = () => useCompanyWrite(changeCompanyStatus);
