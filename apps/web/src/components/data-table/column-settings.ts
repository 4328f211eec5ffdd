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

/** Column visibility of one table, saved in browser storage per table (spec 01 §2). */
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
