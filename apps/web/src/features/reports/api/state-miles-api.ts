import { stateMilesFileName, type StateMilesReport } from '@milepost/contracts/state-miles-api';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api-client';
import { areaKeys } from '@/lib/query-keys';

export const stateMilesKeys = areaKeys('stateMiles');

/** What the State miles tab asks for: a Central-time quarter, optionally one truck or one company. */
export interface StateMilesRequest {
  year: number;
  quarter: number;
  truckId?: number | undefined;
  companyId?: number | undefined;
}

const queryOf = (r: StateMilesRequest) => ({ periodType: 'QUARTERLY', year: r.year, quarter: r.quarter, truckId: r.truckId, companyId: r.companyId });

/** GET /state-miles?periodType=QUARTERLY&year&quarter&truckId&companyId */
export function getStateMiles(r: StateMilesRequest, signal?: AbortSignal): Promise<StateMilesReport> {
  return api.get<StateMilesReport>('/state-miles', { query: queryOf(r), signal });
}

export function stateMilesQueryOptions(r: StateMilesRequest) {
  return queryOptions({ queryKey: stateMilesKeys.list(r), queryFn: ({ signal }) => getStateMiles(r, signal) });
}

/** GET /state-miles/export.csv with the tab's query: the IFTA worksheet. */
export function downloadStateMilesCsv(r: StateMilesRequest): Promise<void> {
  return apiDownload('/state-miles/export.csv', { query: queryOf(r), fileName: stateMilesFileName({ periodType: 'QUARTERLY', year: r.year, quarter: r.quarter }) });
}
