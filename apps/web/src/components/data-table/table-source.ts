import type { Paged } from '@milepost/contracts/api';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/** What the DataTable needs to know about the rows behind it. */
export interface DataTableSource<TData> {
  /** Rows loaded so far (every loaded page, in order). Keep the reference stable. */
  rows: TData[];
  /** Rows on the server for the current filters (totalElements). */
  totalCount: number;
  /** The server could only estimate the total (very large results). */
  totalIsEstimate?: boolean;
  /** Nothing to show yet: the first page is loading. */
  isLoading: boolean;
  /** Any request of this list is running. */
  isFetching: boolean;
  /** A refetch of rows already shown (not a next-page load): the 'Updating...' overlay. */
  isUpdating: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => void;
  error: Error | null;
  retry: () => void;
}

const NO_ROWS: never[] = [];

/** Adapts a paged infinite query (see `pagedInfiniteQueryOptions`) to a {@link DataTableSource}. */
export function useInfiniteTableSource<TData>(query: UseInfiniteQueryResult<InfiniteData<Paged<TData>, number>, Error>): DataTableSource<TData> {
  const { data, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, error, refetch } = query;
  const rows = useMemo(() => (data ? data.pages.flatMap((p) => p.content) : (NO_ROWS as TData[])), [data]);
  const lastPage = data?.pages.at(-1);
  const next = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    rows,
    totalCount: lastPage?.totalElements ?? 0,
    totalIsEstimate: lastPage?.totalIsEstimate ?? false,
    isLoading: isPending && !error,
    isFetching,
    isUpdating: isFetching && !isFetchingNextPage && !isPending,
    hasNextPage,
    fetchNextPage: next,
    error: data ? null : error,
    retry,
  };
}

/** A source for rows that arrive all at once (e.g. Reports, sorted on the client). */
export function staticTableSource<TData>(
  rows: TData[] | undefined,
  state: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown },
): DataTableSource<TData> {
  const list = rows ?? (NO_ROWS as TData[]);
  return {
    rows: list,
    totalCount: list.length,
    isLoading: state.isPending && !state.error,
    isFetching: state.isFetching,
    isUpdating: state.isFetching && !state.isPending,
    hasNextPage: false,
    fetchNextPage: () => {},
    error: rows ? null : state.error,
    retry: () => void state.refetch(),
  };
}
