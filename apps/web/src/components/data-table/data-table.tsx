import { useTable, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type PointerEvent, type UIEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useColumnSizes, useColumnVisibility } from './column-settings';
import { ColumnSettingsDialog } from './column-settings-dialog';
import { dataTableFeatures, type DataTableColumnDef } from './data-table-features';
import { shouldFetchNextPage } from './infinite-scroll';
import type { DataTableSource } from './table-source';

/** docs/product/trips.md table constants. */
export const ROW_HEIGHT_PX = 36;
export const ROW_OVERSCAN = 5;
export const SKELETON_ROW_COUNT = 22;
export const NO_DATA_TEXT = 'No data found';
export const UPDATING_TEXT = 'Updating...';
export const LOADING_MORE_TEXT = 'Loading more...';

const DEFAULT_COLUMN_SIZE = 120;
/** A header too long for its column takes a second line (the 36 px header row holds two) before it is cut. */
const HEADER_TEXT_CLASS = 'line-clamp-2 min-w-0 leading-tight';
const SETTINGS_COLUMN_SIZE = 32;
/** Narrowest a column can be dragged to. */
export const MIN_COLUMN_SIZE = 40;

type Pin = 'start' | 'end' | undefined;
const pinOf = (column: { id: string; columnDef: { meta?: { pin?: Pin } } }): Pin =>
  column.columnDef.meta?.pin ?? (column.id === 'number' ? 'start' : column.id === 'actions' ? 'end' : undefined);
/** The header's words, for its tooltip and the settings dialog. */
export const columnLabel = (column: { id: string; columnDef: { header?: unknown; meta?: { label?: string } } }): string => {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' && header !== '' ? header : column.id);
};

export interface DataTableProps<TData extends RowData> {
  /** Names the saved column settings (`milepost.table.<tableId>.columns`). */
  tableId: string;
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumnDef<TData>[];
  source: DataTableSource<TData>;
  getRowId?: (row: TData) => string;
  /** Controlled sort (e.g. from the URL). Column ids are the server's sort fields. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** True (default): the server sorts and the table trusts the row order. False: sorted here (Reports). */
  manualSorting?: boolean;
  className?: string;
}

/**
 * The list table of every screen (docs/product/trips.md "Data tables"): header-click sort cycling
 * ascending → descending → cleared, a settings dialog for column visibility saved per table,
 * rows virtualised at 36 px with overscan 5 and the next page asked for 500 px before the end,
 * 22 skeleton rows while loading, 'No data found' when empty and an 'Updating...' overlay while
 * shown rows are refetched.
 */
export function DataTable<TData extends RowData>({
  tableId,
  label,
  columns,
  source,
  getRowId,
  sorting: controlledSorting,
  onSortingChange,
  manualSorting = true,
  className,
}: DataTableProps<TData>) {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(tableId);
  const [columnSizes, setColumnSizes] = useColumnSizes(tableId);
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting = controlledSorting ?? localSorting;
  const [settingsOpen, setSettingsOpen] = useState(false);

  const handleSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (controlledSorting === undefined) setLocalSorting(next);
      onSortingChange?.(next);
    },
    [sorting, controlledSorting, onSortingChange],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: source.rows,
    ...(getRowId ? { getRowId: (row: TData) => getRowId(row) } : {}),
    manualSorting,
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    state: { sorting, columnVisibility },
    onSortingChange: handleSortingChange,
    onColumnVisibilityChange: setColumnVisibility,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  // A column the user resized, and a pinned one, has a fixed width; the others share the spare width.
  const widthOf = (column: (typeof visibleColumns)[number]) => columnSizes[column.id] ?? column.columnDef.meta?.size ?? DEFAULT_COLUMN_SIZE;
  const gridStyle: CSSProperties = {
    gridTemplateColumns: [
      ...visibleColumns.map((column) => {
        const grow = column.columnDef.meta?.grow ?? 1;
        return columnSizes[column.id] !== undefined || pinOf(column) || grow <= 0 ? `${widthOf(column)}px` : `minmax(${widthOf(column)}px, ${grow}fr)`;
      }),
      `${SETTINGS_COLUMN_SIZE}px`,
    ].join(' '),
    minWidth: visibleColumns.reduce((sum, column) => sum + widthOf(column), 0) + SETTINGS_COLUMN_SIZE,
  };
  // Sticky offsets of the pinned columns: leading ones from the left, trailing ones from the right
  // (after the settings column, which stays at the right edge).
  // The inner edge of each pinned group gets a rule, so scrolled columns pass visibly under it.
  const stickyStyle = new Map<string, CSSProperties>();
  const pinnedEdge = new Map<string, 'start' | 'end'>();
  {
    let left = 0;
    let lastStart: string | undefined;
    for (const column of visibleColumns) {
      if (pinOf(column) !== 'start') break;
      stickyStyle.set(column.id, { position: 'sticky', left, zIndex: 2 });
      left += widthOf(column);
      lastStart = column.id;
    }
    let right = SETTINGS_COLUMN_SIZE;
    let firstEnd: string | undefined;
    for (const column of [...visibleColumns].reverse()) {
      if (pinOf(column) !== 'end') break;
      stickyStyle.set(column.id, { position: 'sticky', right, zIndex: 2 });
      right += widthOf(column);
      firstEnd = column.id;
    }
    if (lastStart) pinnedEdge.set(lastStart, 'start');
    if (firstEnd) pinnedEdge.set(firstEnd, 'end');
  }
  const edgeClass = (columnId: string) => (pinnedEdge.get(columnId) === 'start' ? 'border-r' : pinnedEdge.get(columnId) === 'end' ? 'border-l' : undefined);
  const settingsSticky: CSSProperties = { position: 'sticky', right: 0, zIndex: 2 };

  // Dragging a header's right edge sets that column's width; a double click resets it.
  const resizeStart = (columnId: string) => (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const cell = event.currentTarget.parentElement;
    const startWidth = cell?.getBoundingClientRect().width ?? DEFAULT_COLUMN_SIZE;
    const startX = event.clientX;
    const move = (e: globalThis.PointerEvent) => setColumnSizes((old) => ({ ...old, [columnId]: Math.max(MIN_COLUMN_SIZE, Math.round(startWidth + e.clientX - startX)) }));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const resizeReset = (columnId: string) => setColumnSizes(({ [columnId]: _dropped, ...rest }) => rest);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: ROW_OVERSCAN,
    // The sticky header sits above the first row inside the scrolling element.
    scrollMargin: ROW_HEIGHT_PX,
  });

  const { isFetching, hasNextPage, totalCount, fetchNextPage } = source;
  const loadedCount = source.rows.length;
  const maybeFetchNext = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const { scrollHeight, scrollTop, clientHeight } = element;
      if (shouldFetchNextPage({ scrollHeight, scrollTop, clientHeight, isFetching, loadedCount, totalCount, hasNextPage })) fetchNextPage();
    },
    [isFetching, loadedCount, totalCount, hasNextPage, fetchNextPage],
  );
  // A page that does not fill the view cannot be scrolled: check after every load too.
  useEffect(() => maybeFetchNext(scrollRef.current), [maybeFetchNext]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => maybeFetchNext(event.currentTarget);

  const body = (() => {
    if (source.isLoading) {
      return (
        <div role="rowgroup" aria-busy="true" aria-label="Loading">
          {Array.from({ length: SKELETON_ROW_COUNT }, (_, i) => (
            <div key={i} data-slot="skeleton-row" aria-hidden className="grid h-9 items-center border-b" style={gridStyle}>
              {visibleColumns.map((column) => (
                <div key={column.id} className="px-2">
                  <Skeleton className="h-3.5 w-3/4" />
                </div>
              ))}
            </div>
          ))}
        </div>
      );
    }
    if (source.error) {
      return (
        <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
          <p className="text-sm text-muted-foreground">{source.error.message}</p>
          <Button variant="outline" size="sm" onClick={source.retry}>
            Try again
          </Button>
        </div>
      );
    }
    if (rows.length === 0) {
      return (
        <div role="rowgroup">
          <div role="row" className="flex h-24 items-center justify-center text-sm text-muted-foreground">
            <div role="cell">{NO_DATA_TEXT}</div>
          </div>
        </div>
      );
    }
    return (
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), minWidth: gridStyle.minWidth }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={row.id}
              role="row"
              aria-rowindex={item.index + 2}
              data-index={item.index}
              className="group absolute top-0 left-0 grid w-full items-center border-b bg-background text-sm transition-colors hover:bg-muted"
              style={{ ...gridStyle, height: ROW_HEIGHT_PX, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                return (
                  <div
                    key={cell.id}
                    role="cell"
                    style={stickyStyle.get(cell.column.id)}
                    className={cn(
                      'flex h-full min-w-0 items-center overflow-hidden px-2 whitespace-nowrap',
                      stickyStyle.has(cell.column.id) && 'bg-background transition-colors group-hover:bg-muted',
                      edgeClass(cell.column.id),
                      meta?.align === 'end' && 'justify-end tabular-nums',
                      meta?.cellClassName,
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </div>
                );
              })}
              <div role="cell" aria-hidden style={settingsSticky} className="h-full bg-background transition-colors group-hover:bg-muted" />
            </div>
          );
        })}
      </div>
    );
  })();

  return (
    <div data-slot="data-table" className={cn('relative flex min-h-0 flex-1 flex-col', className)}>
      <div ref={scrollRef} onScroll={onScroll} data-slot="data-table-scroll" className="relative min-h-0 flex-1 overflow-auto">
        <div role="table" aria-label={label} aria-rowcount={source.isLoading ? -1 : totalCount + 1} className="min-w-full" style={{ minWidth: gridStyle.minWidth }}>
          <div role="rowgroup" className="sticky top-0 z-10">
            <div role="row" aria-rowindex={1} className="grid h-9 items-center border-b bg-muted text-xs font-medium text-muted-foreground" style={gridStyle}>
              {table.getHeaderGroups()[0]?.headers.map((header) => {
                const column = header.column;
                const meta = column.columnDef.meta;
                const sorted = column.getIsSorted();
                const canSort = column.getCanSort();
                const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined;
                const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
                return (
                  <div
                    key={header.id}
                    role="columnheader"
                    aria-sort={ariaSort}
                    title={columnLabel(column)}
                    style={stickyStyle.get(column.id) ?? { position: 'relative' }}
                    className={cn('flex h-full min-w-0 items-center bg-muted px-2', meta?.align === 'end' && 'justify-end text-right', edgeClass(column.id))}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={() => column.toggleSorting()}
                        className={cn(
                          '-mx-1 inline-flex min-w-0 items-center gap-1 rounded px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50',
                          sorted && 'text-foreground',
                        )}
                      >
                        <span data-slot="header-text" className={HEADER_TEXT_CLASS}>
                          <table.FlexRender header={header} />
                        </span>
                        <SortIcon aria-hidden className={cn('size-3.5 shrink-0', !sorted && 'opacity-40')} />
                      </button>
                    ) : (
                      <span data-slot="header-text" className={HEADER_TEXT_CLASS}>
                        <table.FlexRender header={header} />
                      </span>
                    )}
                    {column.id !== 'actions' && (
                      // A pointer affordance only (kept out of the header's accessible name).
                      <div
                        aria-hidden
                        data-slot="column-resizer"
                        title={`Drag to resize ${columnLabel(column)}; double-click to reset`}
                        onPointerDown={resizeStart(column.id)}
                        onDoubleClick={() => resizeReset(column.id)}
                        className="absolute inset-y-1 right-0 w-1.5 cursor-col-resize touch-none rounded-sm hover:bg-ring/40"
                      />
                    )}
                  </div>
                );
              })}
              <div role="columnheader" style={settingsSticky} className="flex h-full items-center justify-center bg-muted">
                <ColumnSettingsDialog table={table} open={settingsOpen} onOpenChange={setSettingsOpen} />
              </div>
            </div>
          </div>
          {body}
          {source.isFetching && !source.isUpdating && !source.isLoading && rows.length > 0 && (
            <div role="status" className="flex h-9 items-center justify-center gap-2 text-xs text-muted-foreground">
              <Spinner label={LOADING_MORE_TEXT} className="[&_svg]:size-3.5" />
              {LOADING_MORE_TEXT}
            </div>
          )}
        </div>
      </div>
      {source.isUpdating && !source.isLoading && (
        <div
          data-slot="data-table-updating"
          className="pointer-events-none absolute inset-x-0 top-9 bottom-0 z-20 flex items-start justify-center bg-background/50 pt-16"
        >
          <div role="status" className="flex items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-sm shadow-sm">
            <Spinner label={UPDATING_TEXT} className="[&_svg]:size-4" />
            <span>{UPDATING_TEXT}</span>
          </div>
        </div>
      )}
    </div>
  );
}
