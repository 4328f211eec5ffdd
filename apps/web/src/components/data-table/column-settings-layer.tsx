import type { RowData } from '@tanstack/react-table';
import type { ReactTable } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { DataTableFeatures } from './data-table-features';

/** The table-settings dialog (column-settings-dialog.tsx loads it on first use): one checkbox per column; the choice is saved per table. */
export default function ColumnSettingsLayer<TData extends RowData>({
  table,
  title,
  trigger,
  open,
  onOpenChange,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
  table: ReactTable<DataTableFeatures, TData, any>;
  title: string;
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Choose the columns to show.</DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-[60vh] gap-1 overflow-y-auto">
          {columns.map((column) => {
            const id = `column-toggle-${column.id}`;
            const header = column.columnDef.header;
            const label = column.columnDef.meta?.label ?? (typeof header === 'string' && header !== '' ? header : column.id);
            return (
              <li key={column.id} className="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-muted/60">
                <Checkbox id={id} checked={column.getIsVisible()} onCheckedChange={(value) => column.toggleVisibility(value === true)} />
                <Label htmlFor={id} className="flex-1 cursor-pointer text-sm font-normal">
                  {label}
                </Label>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" size="sm" onClick={() => table.setColumnVisibility({})}>
            Show all
          </Button>
          <Button size="sm" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
