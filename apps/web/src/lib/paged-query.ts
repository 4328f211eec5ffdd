import { PAGE_SIZE_DEFAULT, hasNextPage, type Paged } from '@milepost/contracts/list-query';
import { infiniteQueryOptions, keepPreviousData, type InfiniteData, type QueryKey } from '@tanstack/react-query';

export { PAGE_SIZE_DEFAULT };

/**
 * Infinite-query options for a zero-based paged list (`{ content, totalPages, totalElements,
 * page, size }`): page 0 first, then the next page while `page < totalPages - 1`. While a new
 * key loads (another sort or keyword) the previous rows stay on screen.
 */
export function pagedInfiniteQueryOptions<TItem, TKey extends QueryKey>(queryKey: TKey, fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<TItem>>) {
  return infiniteQueryOptions<Paged<TItem>, Error, InfiniteData<Paged<TItem>, number>, TKey, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Paged<TItem>) => (hasNextPage(last) ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
