import type { ShopRow } from '@milepost/contracts/shops-api';
import { Pencil } from 'lucide-react';
import { DateCell, TextCell, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatCoordinates } from '../format-coordinates';

export interface ShopsColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (shop: ShopRow) => void;
  onChangeStatus: (shop: ShopRow) => void;
}

const helper = dataTableColumnHelper<ShopRow>();

/** Shops table (spec 02 §2): number, ID, Shop Name, Location, Coordinates, Status, Created, Actions. */
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
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 96, grow: 0 },
      cell: ({ row }) => {
        const shop = row.original;
        return (
          <StatusBadge
            on={shop.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(shop), actionLabel: `${shop.active ? 'Deactivate' : 'Activate'} ${shop.name}` }
              : {})}
          />
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: 64, grow: 0 },
      cell: ({ row }) =>
        actions.canEdit ? (
          <Button variant="ghost" size="icon-sm" aria-label={`Edit ${row.original.name}`} title="Edit" onClick={() => actions.onEdit(row.original)}>
            <Pencil aria-hidden />
          </Button>
        ) : null,
    }),
  ]);
}
