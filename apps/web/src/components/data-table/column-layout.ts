import type { CSSProperties, PointerEvent } from 'react';
import type { ColumnSizes } from './column-settings';
import type { DataTableColumnMeta } from './data-table-features';

export const DEFAULT_COLUMN_SIZE = 120;
export const SETTINGS_COLUMN_SIZE = 32;
/** Narrowest a column can be dragged to. */
export const MIN_COLUMN_SIZE = 40;

type Pin = 'start' | 'end' | undefined;
/** What the layout reads of a column: its id and its meta (size, grow, pin). */
export interface LayoutColumn {
  id: string;
  columnDef: { meta?: DataTableColumnMeta };
}

const pinOf = (column: LayoutColumn): Pin => column.columnDef.meta?.pin ?? (column.id === 'number' ? 'start' : column.id === 'actions' ? 'end' : undefined);

/** The grid the header and the rows share, and where the pinned columns stick. */
export interface ColumnLayout {
  gridStyle: CSSProperties;
  /** Sticky position of each pinned column. */
  stickyStyle: Map<string, CSSProperties>;
  /** The rule on the inner edge of a pinned group, if the column is on it. */
  edgeClass: (columnId: string) => string | undefined;
  /** The settings column, stuck to the right edge. */
  settingsSticky: CSSProperties;
}

/**
 * The table's grid from its visible columns and the widths the user set: a column the user
 * resized, and a pinned one, has a fixed width; the others share the spare width.
 */
export function columnLayout(visibleColumns: readonly LayoutColumn[], columnSizes: ColumnSizes): ColumnLayout {
  const widthOf = (column: LayoutColumn) => columnSizes[column.id] ?? column.columnDef.meta?.size ?? DEFAULT_COLUMN_SIZE;
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
  const edgeClass = (columnId: string) => (pinnedEdge.get(columnId) === 'start' ? 'border-r' : pinnedEdge.get(columnId) === 'end' ? 'border-l' : undefined);
  return { gridStyle, stickyStyle, edgeClass, settingsSticky: { position: 'sticky', right: 0, zIndex: 2 } };
}

/** Dragging a header's right edge sets that column's width; a double click resets it. */
export function columnResizer(setColumnSizes: (update: (old: ColumnSizes) => ColumnSizes) => void) {
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
  return { resizeStart, resizeReset };
}

/** The header's words, for its tooltip and the settings dialog. */
export const columnLabel = (column: { id: string; columnDef: { header?: unknown; meta?: { label?: string } } }): string => {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' && header !== '' ? header : column.id);
};
