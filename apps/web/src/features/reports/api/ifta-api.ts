import type { Paged } from '@milepost/contracts/api';
import { iftaQuarterRange, iftaReturnFileName, type FuelImportBody, type FuelImportMapping, type FuelImportResult, type FuelPurchaseRow, type IftaRates, type IftaRatesForm, type IftaReturn, type IftaReturnTrip } from '@milepost/contracts/ifta-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api-client';
import { areaKeys } from '@/lib/query-keys';

export const iftaKeys = areaKeys('ifta');

/** What the IFTA return tab asks for: a company's quarter, like 2026Q3 (docs/ifta.md). */
export interface IftaRequest {
  companyId: number;
  quarter: string;
}

/** GET /ifta-return?companyId&quarter */
export function iftaReturnQueryOptions(r: IftaRequest) {
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'return', ...r }), queryFn: ({ signal }) => api.get<IftaReturn>('/ifta-return', { query: { ...r }, signal }) });
}

/** GET /ifta-return/trips: the trips behind one jurisdiction's row (first page of 100). */
export function iftaTripsQueryOptions(r: IftaRequest & { jurisdiction: string }) {
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'trips', ...r }),
    queryFn: ({ signal }) => api.get<Paged<IftaReturnTrip>>('/ifta-return/trips', { query: { ...r, size: 100 }, signal }),
  });
}

/** GET /fuel-purchases of the company's quarter, optionally one jurisdiction (first page of 100). */
export function fuelPurchasesQueryOptions(r: IftaRequest & { jurisdiction?: string | undefined; page?: number }) {
  const { from, to } = iftaQuarterRange(r.quarter);
  const query = { companyId: r.companyId, jurisdiction: r.jurisdiction, fromDate: formatWireDateTime(from), toDate: formatWireDateTime(to), page: r.page ?? 0, size: 100 };
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'fuel', ...query }), queryFn: ({ signal }) => api.get<Paged<FuelPurchaseRow>>('/fuel-purchases', { query, signal }) });
}

/** GET /ifta-rates?quarter */
export function iftaRatesQueryOptions(quarter: string) {
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'rates', quarter }), queryFn: ({ signal }) => api.get<IftaRates>('/ifta-rates', { query: { quarter }, signal }) });
}

/** PUT /ifta-rates with the version read. */
export const saveIftaRates = (form: IftaRatesForm) => api.put<IftaRates>('/ifta-rates', form);

/** GET /ifta-return/export.csv */
export const downloadIftaReturnCsv = (r: IftaRequest) => apiDownload('/ifta-return/export.csv', { query: { ...r }, fileName: iftaReturnFileName(r) });

/** GET /fuel-purchases/import-mapping: the company's last column mapping (null: none yet). */
export function fuelMappingQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'mapping', companyId }),
    queryFn: ({ signal }) => api.get<{ companyId: number; mapping: FuelImportMapping | null }>('/fuel-purchases/import-mapping', { query: { companyId }, signal }),
  });
}

/** POST /fuel-purchases/import */
export const importFuelPurchases = (body: FuelImportBody) => api.post<FuelImportResult>('/fuel-purchases/import', body);
