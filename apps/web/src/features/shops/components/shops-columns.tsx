import type { ShopRow } from '@milepost/contracts/shops-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { formatCoordinates } from '../format-coordinates';

export interface ShopsColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (shop: ShopRow) => void;
  onChangeStatus: (shop: ShopRow) => void;
}

const helper = dataTableColumnHelper<ShopRow>();

/** Shops table (docs/product/admin.md): number, ID, Shop Name, Location, Coordinates, Status, Created, Actions. */
export function shopsColumns(actions: ShopsColumnActions): DataTableColumnDef<ShopRow>[] {
  return helper.columns([
    numberColumn<ShopRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Shop Name', meta: { size: 160 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('location', { header: 'Location', meta: { size: 220, grow: 1.5 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.display({
      id: 'coordinates',
      header: 'Coordinates',
      enableSorting: false,
      meta: { label: 'Coordinates', size: 190, grow: 0 },
      cell: ({ row }) => <TextCell value={formatCoordinates(row.original.latitude, row.original.longitude)} className="tabular-nums" />,
    }),
    statusColumn<ShopRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (shop) => shop.name }),
    dateColumn<ShopRow, 'created'>('created', 'Created'),
    actionsColumn<ShopRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (shop) => `Edit ${shop.name}` }], 64),
  ]);
}
