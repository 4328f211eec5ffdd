import type { ReactTable, RowData } from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ColumnLayout } from './column-layout';
import type { DataTableFeatures } from './data-table-features';
import type { DataTableSource } from './table-source';

/** docs/product/trips.md table constants. */
export const ROW_HEIGHT_PX = 36;
export const SKELETON_ROW_COUNT = 22;
export const NO_DATA_TEXT = 'No data found';

/**
 * The table's rows: skeleton rows while loading, the error with 'Try again', 'No data found', or
 * the virtualised rows with their cells (pinned cells sticky).
 */
export function DataTableBody<TData extends RowData>({
  table,
  source,
  layout,
  virtualizer,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
  table: ReactTable<DataTableFeatures, TData, any>;
  source: DataTableSource<TData>;
  layout: ColumnLayout;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}) {
  const { gridStyle, stickyStyle, edgeClass, settingsSticky } = layout;
  const rows = table.getRowModel().rows;
  if (source.isLoading) {
    return (
      <div role="rowgroup" aria-busy="true" aria-label="Loading">
        {Array.from({ length: SKELETON_ROW_COUNT }, (_, i) => (
          <div key={i} data-slot="skeleton-row" aria-hidden className="grid h-9 items-center border-b" style={gridStyle}>
            {table.getVisibleLeafColumns().map((column) => (
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
}
