import type { ReviewRow } from '@milepost/contracts/mileage-review-api';
import { createContext, useContext } from 'react';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * The rows' selection, read by the select cells through context: a cell follows the selection
 * without the table's columns being built again.
 */
export interface Selection {
  selected: ReadonlySet<number>;
  rows: readonly ReviewRow[];
  toggle: (id: number) => void;
  toggleAll: (on: boolean) => void;
}
export const SelectionContext = createContext<Selection>({
  selected: new Set(),
  rows: [],
  toggle: () => {},
  toggleAll: () => {},
});

export function SelectAll() {
  const { selected, rows, toggleAll } = useContext(SelectionContext);
  const all = rows.length > 0 && rows.every((r) => selected.has(r.tripId));
  const some = rows.some((r) => selected.has(r.tripId));
  return <Checkbox aria-label="Select all loaded rows" checked={all ? true : some ? 'indeterminate' : false} onCheckedChange={(v) => toggleAll(v === true)} />;
}

export function SelectRow({ row }: { row: ReviewRow }) {
  const { selected, toggle } = useContext(SelectionContext);
  return <Checkbox aria-label={`Select ${row.number ?? row.tripId}`} checked={selected.has(row.tripId)} onCheckedChange={() => toggle(row.tripId)} />;
}
