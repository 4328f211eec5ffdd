/** docs/product/trips.md: the next page is asked for when fewer than this many pixels remain to scroll. */
export const FETCH_NEXT_THRESHOLD_PX = 500;

export interface FetchNextInput {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
  /** Any fetch of this list is running (first page, next page or refetch). */
  isFetching: boolean;
  loadedCount: number;
  totalCount: number;
  /** The last loaded page's index is below totalPages - 1. */
  hasNextPage: boolean;
}

/**
 * The next page loads when fewer than 500 px remain to scroll, no fetch is running, fewer rows
 * are loaded than the total and a next page exists.
 */
export function shouldFetchNextPage({ scrollHeight, scrollTop, clientHeight, isFetching, loadedCount, totalCount, hasNextPage }: FetchNextInput): boolean {
  return scrollHeight - scrollTop - clientHeight < FETCH_NEXT_THRESHOLD_PX && !isFetching && loadedCount < totalCount && hasNextPage;
}
