import { reportFileName, type ReportResult } from '@milepost/contracts/trip-statistics-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi, downloadApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys } from '@/lib/query-keys';
import type { ReportRequest } from '../reports-search';

type Asked = Exclude<ReportRequest, { kind: 'none' }>;

export const reportsKeys = areaKeys('reports');

const queryOf = (r: Asked) => (r.kind === 'period' ? { periodType: r.periodType, truckId: r.truckId } : { fromDate: r.fromDate, toDate: r.toDate, truckId: r.truckId });

/** GET /trip-statistics/period-type (presets) or GET /trip-statistics (a custom range). */
export function getReport(request: Asked, signal?: AbortSignal): Promise<ReportResult> {
  return request.kind === 'period'
    ? callApi(routes.tripStatistics.periodType, { query: queryOf(request), signal })
    : callApi(routes.tripStatistics.list, { query: queryOf(request), signal });
}

export function reportQueryOptions(request: Asked) {
  return queryOptions({ queryKey: reportsKeys.list(request), queryFn: ({ signal }) => getReport(request, signal) });
}

/** GET /trip-statistics/export.csv with the report's query. */
export function downloadReportCsv(request: Asked): Promise<void> {
  return downloadApi(routes.tripStatistics.exportCsv, { query: queryOf(request), fileName: reportFileName(request.kind === 'period' ? request.periodType : 'DAILY') });
}
