import type { Paged } from "@milepost/contracts/list-query";
import type {
  ApproveResult,
  ReadyList,
  ReviewPage,
  ReviewRow,
  ReviewStatus,
} from "@milepost/contracts/mileage-review-api";
import { api, apiDownload } from "@/lib/api-client";
import { pagedInfiniteQueryOptions } from "@/lib/paged-query";
import { areaKeys, useWriteMutation } from "@/lib/query-keys";

export const mileageReviewKeys = areaKeys("mileageReview");

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
export function getReviewPage(
  status: ReviewStatus,
  filters: ReviewFilters,
  sort: string | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<ReviewPage> {
  return api.get<ReviewPage>("/mileage-review", {
    query: { status, ...filters, sort, page, size: REVIEW_PAGE_SIZE },
    signal,
  });
}

export function reviewListQueryOptions(
  status: ReviewStatus,
  filters: ReviewFilters,
  sort: string | undefined,
) {
  return pagedInfiniteQueryOptions(
    mileageReviewKeys.list({ status, ...filters, sort }),
    (page, signal) =>
      getReviewPage(status, filters, sort, page, signal) as Promise<
        Paged<ReviewRow> & ReviewPage
      >,
  );
}

/** GET /mileage-review/ready: every READY trip of the filter (for "Approve all ready in this filter"). */
export function getReadyItems(filters: ReviewFilters): Promise<ReadyList> {
  return api.get<ReadyList>("/mileage-review/ready", { query: { ...filters } });
}

/** POST /mileage-review/approve: at most 500 trips a call. */
export function approveTrips(
  items: { tripId: number; version: number }[],
): Promise<ApproveResult> {
  return api.post<ApproveResult>("/mileage-review/approve", { items });
}

export const useApproveMutation = () =>
  useWriteMutation("mileageReview", approveTrips);

/** GET /mileage-review/export.csv */
export function downloadSettlementCsv(q: {
  companyId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  groupBy: "trip" | "driver";
}): Promise<void> {
  return apiDownload("/mileage-review/export.csv", {
    query: q,
    fileName:
      q.groupBy === "driver" ? "settlement-by-driver.csv" : "settlement.csv",
  });
}
