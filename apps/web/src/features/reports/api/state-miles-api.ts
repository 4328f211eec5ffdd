import { stateMilesFileName, type StateMilesReport } from '@milepost/contracts/state-miles-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi, downloadApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys } from '@/lib/query-keys';

export const stateMilesKeys = areaKeys('stateMiles');

/**
 * What the State miles tab asks for: a Central-time quarter (the current one runs to date), or a
 * range of days (`fromDate`, `toDate` as YYYY-MM-DD, Central), optionally one truck or one company.
 */
export type StateMilesRequest = ({ year: number; quarter: number } | { fromDate: string; toDate: string }) & {
  truckId?: number | undefined;
  companyId?: number | undefined;
};

/** YYYY-MM-DD → the wire's MM/DD/YYYY at the day's first or last second. */
const wireDay = (day: string, end: boolean) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)} ${end ? '23:59:59' : '00:00:00'}`;

const queryOf = (r: StateMilesRequest) =>
  'year' in r
    ? { periodType: 'QUARTERLY', year: r.year, quarter: r.quarter, truckId: r.truckId, companyId: r.companyId }
    : { fromDate: wireDay(r.fromDate, false), toDate: wireDay(r.toDate, true), truckId: r.truckId, companyId: r.companyId };

/** GET /state-miles?periodType=QUARTERLY&year&quarter&truckId&companyId */
export function getStateMiles(r: StateMilesRequest, signal?: AbortSignal): Promise<StateMilesReport> {
  return callApi(routes.stateMiles.list, { query: queryOf(r), signal });
}

export function stateMilesQueryOptions(r: StateMilesRequest) {
  return queryOptions({ queryKey: stateMilesKeys.list(r), queryFn: ({ signal }) => getStateMiles(r, signal) });
}

/** GET /state-miles/export.csv with the tab's query: the IFTA worksheet. */
export function downloadStateMilesCsv(r: StateMilesRequest): Promise<void> {
  const fileName = 'year' in r ? stateMilesFileName({ periodType: 'QUARTERLY', year: r.year, quarter: r.quarter }) : `milepost-state-miles-${r.fromDate}-to-${r.toDate}.csv`;
  return downloadApi(routes.stateMiles.exportCsv, { query: queryOf(r), fileName });
}
