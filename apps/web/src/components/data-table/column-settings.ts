import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';

/** localStorage key of a table's column choices. */
export function columnSettingsKey(tableId: string): string {
  return `milepost.table.${tableId}.columns`;
}

export function readColumnVisibility(tableId: string): ColumnVisibilityState {
  try {
    const raw = window.localStorage.getItem(columnSettingsKey(tableId));
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

export function writeColumnVisibility(tableId: string, visibility: ColumnVisibilityState): void {
  try {
    window.localStorage.setItem(columnSettingsKey(tableId), JSON.stringify(visibility));
  } catch {
    /* storage full or blocked: the choice lasts for this page only */
  }
}

/** Column visibility of one table, saved in browser storage per table (docs/product/trips.md). */
export function useColumnVisibility(tableId: string) {
  const [visibility, setVisibilityState] = useState<ColumnVisibilityState>(() => readColumnVisibility(tableId));
  const setVisibility = useCallback(
    (updater: ColumnVisibilityState | ((old: ColumnVisibilityState) => ColumnVisibilityState)) => {
      setVisibilityState((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater;
        writeColumnVisibility(tableId, next);
        return next;
      });
    },
    [tableId],
  );
  return [visibility, setVisibility] as const;
}

/** localStorage key of a table's column widths (px), set by dragging a header's edge. */
export function columnSizesKey(tableId: string): string {
  return `milepost.table.${tableId}.sizes`;
}

export type ColumnSizes = Record<string, number>;

export function readColumnSizes(tableId: string): ColumnSizes {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(columnSizesKey(tableId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0));
  } catch {
    return {};
  }
}

/** Column widths of one table, saved with its column choices (the table settings). */
export function useColumnSizes(tableId: string) {
  const [sizes, setSizesState] = useState<ColumnSizes>(() => readColumnSizes(tableId));
  const setSizes = useCallback(
    (updater: (old: ColumnSizes) => ColumnSizes) => {
      setSizesState((old) => {
        const next = updater(old);
        try {
          window.localStorage.setItem(columnSizesKey(tableId), JSON.stringify(next));
        } catch {
          /* storage full or blocked: the widths last for this page only */
        }
        return next;
      });
    },
    [tableId],
  );
  return [sizes, setSizes] as const;
}
