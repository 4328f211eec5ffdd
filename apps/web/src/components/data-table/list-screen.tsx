import type { Paged } from '@milepost/contracts/api';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
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
  children,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  /** For the total: '12 users'. */
  noun: string;
  list: { query: { data: unknown; refetch: () => Promise<{ isError: boolean; error: Error | null; data: unknown }> }; source: ReturnType<typeof useInfiniteTableSource<TData>>; sorting: ReturnType<typeof paramToSorting> };
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
  children?: ReactNode;
}) {
  const { query, source, sorting } = list;
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
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId={table.tableId}
          label={table.label}
          columns={table.columns}
          source={source}
          getRowId={table.getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSortChange(sortingToParam(next))}
        />
      </ScreenBody>
      {children}
    </>
  );
}

/** Row ids for the table: the record's id. */
export const rowId = (row: { id: number }) => String(row.id);
