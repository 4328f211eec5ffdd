import type { Paged } from '@milepost/contracts/api';
import { reportFileName, type ReportResult } from '@milepost/contracts/trip-statistics-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import { queryOptions } from '@tanstack/react-query';
import type { LookupOption } from '@/components/ui/lookup-select';
import { api, apiDownload } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import type { ReportRequest } from '../reports-search';

type Asked = Exclude<ReportRequest, { kind: 'none' }>;

export const reportsKeys = {
  all: ['reports'] as const,
  report: (request: Asked) => ['reports', request] as const,
};

const queryOf = (r: Asked) =>
  r.kind === 'period' ? { periodType: r.periodType, truckId: r.truckId } : { fromDate: r.fromDate, toDate: r.toDate, truckId: r.truckId };

/** GET /trip-statistics/period-type (presets) or GET /trip-statistics (a custom range). */
export function getReport(request: Asked, signal?: AbortSignal): Promise<ReportResult> {
  return api.get<ReportResult>(request.kind === 'period' ? '/trip-statistics/period-type' : '/trip-statistics', { query: queryOf(request), signal });
}

export function reportQueryOptions(request: Asked) {
  return queryOptions({ queryKey: reportsKeys.report(request), queryFn: ({ signal }) => getReport(request, signal) });
}

/** GET /trip-statistics/export.csv with the report's query. */
export function downloadReportCsv(request: Asked): Promise<void> {
  return apiDownload('/trip-statistics/export.csv', {
    query: queryOf(request),
    fileName: reportFileName(request.kind === 'period' ? request.periodType : 'DAILY'),
  });
}

/** GET /trucks (active) for the Truck filter. */
export const reportTruckOptionsQueryOptions = (keyword: string) =>
  pagedInfiniteQueryOptions(['trucks', 'report-options', keyword] as const, (page, signal) =>
    api.get<Paged<TruckRow>>('/trucks', { query: { keyword, page, size: TRUCK_PICKER_PAGE_SIZE, active: true, sort: 'unitNumber,asc' }, signal }),
  );
export const TRUCK_PICKER_PAGE_SIZE = 20;
export const truckOption = (t: { id: number; unitNumber: string }): LookupOption => ({ id: t.id, label: t.unitNumber });
