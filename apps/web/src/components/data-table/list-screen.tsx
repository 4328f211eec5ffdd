import type { Paged } from '@milepost/contracts/api';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/lib/use-media-query';
import { DataTable } from './data-table';
import type { DataTableColumnDef } from './data-table-features';
import { paramToSorting, sortingToParam } from './sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, refreshList, tableTotalText } from './table-toolbar';
import { useInfiniteTableSource } from './table-source';

export type PagedOptions<TItem, TKey extends QueryKey> = UseInfiniteQueryOptions<Paged<TItem>, Error, InfiniteData<Paged<TItem>, number>, TKey, number>;

/**
 * The rows of a list screen: the paged infinite query (see `pagedInfiniteQueryOptions`), its
 * table source and the URL's sort as table sorting.
 */
export function useListQuery<TItem, TKey extends QueryKey>(options: PagedOptions<TItem, TKey>, sort: string | undefined) {
  const query = useInfiniteQuery(options);
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(sort), [sort]);
  return { query, source, sorting };
}

export type ListQuery<TItem> = ReturnType<typeof useListQuery<TItem, QueryKey>>;

/**
 * A list screen, one way for every screen (docs/product/shell.md, data tables): the header with
 * the title, total, keyword search, extra filters, Refresh, Reset Filters and the New action,
 * then the shared DataTable whose sort lives in the URL. Drawers and dialogs go in `children`.
 */
export function ListScreen<TData extends RowData>({
  title,
  viewSwitcher,
  noun,
  list,
  search,
  filters,
  filtered,
  onReset,
  onSortChange,
  create,
  actions,
  table,
  card,
  filtersBelow,
  children,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  /** For the total: '12 users'. */
  noun: string;
  list: {
    query: { data: unknown; refetch: () => Promise<{ isError: boolean; error: Error | null; data: unknown }> };
    source: ReturnType<typeof useInfiniteTableSource<TData>>;
    sorting: ReturnType<typeof paramToSorting>;
  };
  /** The keyword box. */
  search?: { value: string | undefined; onChange: (keyword: string | undefined) => void; placeholder: string; label: string };
  /** Filters after the keyword box. */
  filters?: ReactNode;
  /** Whether Reset Filters has anything to reset. */
  filtered: boolean;
  onReset: () => void;
  onSortChange: (sort: string | undefined) => void;
  /** The 'New …' button, when the user may create. */
  create?: { label: string; onClick: () => void } | undefined;
  /** Other header actions (instead of or beside `create`). */
  actions?: ReactNode;
  table: { tableId: string; label: string; columns: DataTableColumnDef<TData>[]; getRowId: (row: TData) => string };
  /** On a phone (under 768 px) the rows as cards instead of the table's columns. */
  card?: (row: TData) => ReactNode;
  /** The filters on their own line(s) under the title (see HeaderBar). */
  filtersBelow?: boolean;
  children?: ReactNode;
}) {
  const { query, source, sorting } = list;
  const mobile = useIsMobile();
  const headerActions =
    create || actions ? (
      <>
        {actions}
        {create && (
          <Button onClick={create.onClick}>
            <Plus aria-hidden />
            {create.label}
          </Button>
        )}
      </>
    ) : undefined;
  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, noun, source.totalIsEstimate)}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            {search && <TableSearch value={search.value} onChange={search.onChange} placeholder={search.placeholder} label={search.label} />}
            {filters}
            <RefreshButton onClick={() => void refreshList(query.refetch)} busy={source.isUpdating} />
            <ResetFiltersButton onClick={onReset} disabled={!filtered} />
          </>
        }
        actions={headerActions}
        filtersBelow={filtersBelow}
      />
      <ScreenBody className="overflow-hidden">
        {card && mobile ? (
          <CardList label={table.label} source={source} getRowId={table.getRowId} card={card} />
        ) : (
          <DataTable
            tableId={table.tableId}
            label={table.label}
            columns={table.columns}
            source={source}
            getRowId={table.getRowId}
            sorting={sorting}
            onSortingChange={(next) => onSortChange(sortingToParam(next))}
          />
        )}
      </ScreenBody>
      {children}
    </>
  );
}

/** The loaded rows as cards, with the next page on request; the same source as the table. */
function CardList<TData>({
  label,
  source,
  getRowId,
  card,
}: {
  label: string;
  source: ReturnType<typeof useInfiniteTableSource<TData>>;
  getRowId: (row: TData) => string;
  card: (row: TData) => ReactNode;
}) {
  if (source.isLoading) return <Spinner label="Loading..." className="m-auto" />;
  if (source.error)
    return (
      <div role="alert" className="m-auto grid justify-items-center gap-2 p-4 text-sm text-destructive">
        {source.error.message}
        <Button variant="outline" size="sm" onClick={source.retry}>
          Retry
        </Button>
      </div>
    );
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-2">
      {source.rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">No data found</p>
      ) : (
        <ul aria-label={label} className="grid gap-2">
          {source.rows.map((row) => (
            <li key={getRowId(row)}>{card(row)}</li>
          ))}
        </ul>
      )}
      {source.hasNextPage && (
        <Button variant="outline" className="mt-2 w-full" disabled={source.isFetching} onClick={source.fetchNextPage}>
          {source.isFetching ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** Row ids for the table: the record's id. */
export const rowId = (row: { id: number }) => String(row.id);
