import type { ReactTable, RowData } from '@tanstack/react-table';
import { Settings2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { lazyLayer, useLayerTrigger } from '@/components/ui/lazy-layer';
import type { DataTableFeatures } from './data-table-features';

export const TABLE_SETTINGS_TITLE = 'Table Settings';

const settingsLayer = lazyLayer(() => import('./column-settings-layer'));

/**
 * The table-settings button; the dialog (one checkbox per column, saved per table) loads on its
 * first use (components/ui/lazy-layer.tsx) and opens at once.
 */
export function ColumnSettingsDialog<TData extends RowData>({
  table,
  open,
  onOpenChange,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
  table: ReactTable<DataTableFeatures, TData, any>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const button = (
    <Button variant="ghost" size="icon-sm" aria-label={TABLE_SETTINGS_TITLE} title={TABLE_SETTINGS_TITLE}>
      <Settings2 aria-hidden />
    </Button>
  );
  const { module: m, placeholder } = useLayerTrigger(settingsLayer, button, 'dialog', () => onOpenChange(true));
  if (!m) return placeholder;
  return <m.default table={table} title={TABLE_SETTINGS_TITLE} trigger={button} open={open} onOpenChange={onOpenChange} />;
}
