import type { Paged } from '@milepost/contracts/list-query';
import type { ApproveResult, ReadyList, ReviewPage, ReviewRow, ReviewStatus } from '@milepost/contracts/mileage-review-api';
import { callApi, downloadApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export const mileageReviewKeys = areaKeys('mileageReview');

/** The queue's filters (ids and Central wire date-times), as the URL holds them. */
export interface ReviewFilters {
  companyId?: number | undefined;
  truckId?: number | undefined;
  driverId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

export const REVIEW_PAGE_SIZE = 100;

/** GET /mileage-review: one page of a tab, with the count of each tab. */
export function getReviewPage(status: ReviewStatus, filters: ReviewFilters, sort: string | undefined, page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return callApi(routes.mileageReview.list, { query: { status, ...filters, sort, page, size: REVIEW_PAGE_SIZE }, signal });
}

export function reviewListQueryOptions(status: ReviewStatus, filters: ReviewFilters, sort: string | undefined) {
  return pagedInfiniteQueryOptions(
    mileageReviewKeys.list({ status, ...filters, sort }),
    (page, signal) => getReviewPage(status, filters, sort, page, signal) as Promise<Paged<ReviewRow> & ReviewPage>,
  );
}

/** GET /mileage-review/ready: every READY trip of the filter (for "Approve all ready in this filter"). */
export function getReadyItems(filters: ReviewFilters): Promise<ReadyList> {
  return callApi(routes.mileageReview.ready, { query: { ...filters } });
}

/** POST /mileage-review/approve: at most 500 trips a call. */
export function approveTrips(items: { tripId: number; version: number }[]): Promise<ApproveResult> {
  return callApi(routes.mileageReview.approve, { body: { items } });
}

export const useApproveMutation = () => useWriteMutation('mileageReview', approveTrips);

/** GET /mileage-review/export.csv */
export function downloadSettlementCsv(q: {
  companyId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  groupBy: 'trip' | 'driver';
}): Promise<void> {
  return downloadApi(routes.mileageReview.exportCsv, { query: q, fileName: q.groupBy === 'driver' ? 'settlement-by-driver.csv' : 'settlement.csv' });
}
