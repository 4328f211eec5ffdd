import { iftaQuarterRange, iftaReturnFileName, type FuelImportBody, type FuelPurchaseForm, type IftaRatesForm } from '@milepost/contracts/ifta-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import { queryOptions } from '@tanstack/react-query';
import { callApi, downloadApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys } from '@/lib/query-keys';

export const iftaKeys = areaKeys('ifta');

/** What the IFTA return tab asks for: a company's quarter, like 2026Q3 (docs/ifta.md). */
export interface IftaRequest {
  companyId: number;
  quarter: string;
}

/** GET /ifta-return?companyId&quarter */
export function iftaReturnQueryOptions(r: IftaRequest) {
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'return', ...r }), queryFn: ({ signal }) => callApi(routes.iftaReturn.list, { query: { ...r }, signal }) });
}

/** GET /ifta-return/trips: the trips behind one jurisdiction's row (first page of 100). */
export function iftaTripsQueryOptions(r: IftaRequest & { jurisdiction: string }) {
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'trips', ...r }),
    queryFn: ({ signal }) => callApi(routes.iftaReturn.trips, { query: { ...r, size: 100 }, signal }),
  });
}

/** GET /fuel-purchases of the company's quarter, optionally one jurisdiction (first page of 100). */
export function fuelPurchasesQueryOptions(r: IftaRequest & { jurisdiction?: string | undefined; page?: number }) {
  const { from, to } = iftaQuarterRange(r.quarter);
  const query = { companyId: r.companyId, jurisdiction: r.jurisdiction, fromDate: formatWireDateTime(from), toDate: formatWireDateTime(to), page: r.page ?? 0, size: 100 };
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'fuel', ...query }), queryFn: ({ signal }) => callApi(routes.fuelPurchases.list, { query, signal }) });
}

/** GET /ifta-rates?quarter */
export function iftaRatesQueryOptions(quarter: string) {
  return queryOptions({ queryKey: iftaKeys.list({ kind: 'rates', quarter }), queryFn: ({ signal }) => callApi(routes.iftaRates.list, { query: { quarter }, signal }) });
}

/** PUT /ifta-rates with the version read. */
export const saveIftaRates = (form: IftaRatesForm) => callApi(routes.iftaRates.replace, { body: form });

/** POST /ifta-rates/import: IFTA, Inc.'s rate matrix (CSV) as the quarter's rates, with the version read. */
export const importIftaRateMatrix = (body: { quarter: string; csv: string; version: number }) => callApi(routes.iftaRates.import, { body });

/** POST /fuel-purchases: a purchase typed on screen. */
export const createFuelPurchase = (body: FuelPurchaseForm) => callApi(routes.fuelPurchases.create, { body });

/** PUT /fuel-purchases/{id} with the version read. */
export const updateFuelPurchase = ({ id, body }: { id: number; body: FuelPurchaseForm & { version: number } }) => callApi(routes.fuelPurchases.update, { params: { id }, body });

/** DELETE /fuel-purchases/{id} */
export const deleteFuelPurchase = (id: number) => callApi(routes.fuelPurchases.remove, { params: { id } });

/** GET /ifta-return/export.csv */
export const downloadIftaReturnCsv = (r: IftaRequest) => downloadApi(routes.iftaReturn.exportCsv, { query: { ...r }, fileName: iftaReturnFileName(r) });

/** GET /fuel-purchases/import-mapping: the company's last column mapping (null: none yet). */
export function fuelMappingQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'mapping', companyId }),
    queryFn: ({ signal }) => callApi(routes.fuelPurchases.importMapping, { query: { companyId }, signal }),
  });
}

/** POST /fuel-purchases/import */
export const importFuelPurchases = (body: FuelImportBody) => callApi(routes.fuelPurchases.import, { body });
