import { iftaQuarterRange, iftaReturnFileName, type FuelImportBody, type FuelPurchaseForm, type IftaRatesForm } from '@milepost/contracts/ifta-api';
import { formatWireDateTime, parseCentral } from '@milepost/contracts/time';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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

/** Rows per page of the IFTA purchases and trips (docs/ifta.md "The screen"): the API sorts and pages them. */
export const IFTA_PAGE_SIZE = 100;

/** GET /ifta-return/trips: one page of the trips behind one jurisdiction's row. */
export function iftaTripsQueryOptions(r: IftaRequest & { jurisdiction: string; page?: number }) {
  const query = { companyId: r.companyId, quarter: r.quarter, jurisdiction: r.jurisdiction, page: r.page ?? 0, size: IFTA_PAGE_SIZE };
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'trips', ...query }),
    queryFn: ({ signal }) => callApi(routes.iftaReturn.trips, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const fuelQuery = (r: IftaRequest & { jurisdiction?: string | undefined }, toDate?: string) => {
  const { from, to } = iftaQuarterRange(r.quarter);
  return { companyId: r.companyId, jurisdiction: r.jurisdiction, fromDate: formatWireDateTime(from), toDate: toDate ?? formatWireDateTime(to) };
};

/** GET /fuel-purchases of the company's quarter, optionally one jurisdiction: one page, oldest first (the API's order). */
export function fuelPurchasesQueryOptions(r: IftaRequest & { jurisdiction?: string | undefined; page?: number }) {
  const query = { ...fuelQuery(r), page: r.page ?? 0, size: IFTA_PAGE_SIZE };
  return queryOptions({
    queryKey: iftaKeys.list({ kind: 'fuel', ...query }),
    queryFn: ({ signal }) => callApi(routes.fuelPurchases.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The page of the quarter's purchases (all jurisdictions) on which a purchase just recorded sits,
 * or null when it falls outside the quarter. The API lists oldest first and, at the same time, by
 * id; a new purchase has the highest id, so the purchases up to its time (toDate is inclusive),
 * itself last, are counted.
 */
export async function fuelPurchasePageOf(r: IftaRequest, purchasedAt: string): Promise<number | null> {
  const { from, to } = iftaQuarterRange(r.quarter);
  const at = parseCentral(purchasedAt);
  if (!at || at < from || at > to) return null;
  const counted = await callApi(routes.fuelPurchases.list, { query: { ...fuelQuery(r, purchasedAt), page: 0, size: 1 } });
  return Math.max(0, Math.floor((counted.totalElements - 1) / IFTA_PAGE_SIZE));
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
