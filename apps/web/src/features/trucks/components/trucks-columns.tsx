import type { TruckRow } from '@milepost/contracts/trucks-api';
import { Eye, Pencil } from 'lucide-react';
import { DATE_COLUMN_SIZE, DateCell, TextCell, VIN_COLUMN_SIZE, VinCell, actionsColumnSize, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

export interface TrucksColumnActions {
  canEdit: boolean;
  canView: boolean;
  canChangeStatus: boolean;
  onEdit: (truck: TruckRow) => void;
  onView: (truck: TruckRow) => void;
  onChangeStatus: (truck: TruckRow) => void;
}

const helper = dataTableColumnHelper<TruckRow>();

/**
 * Trucks table (spec 02 §2 Trucks): No, Unit, Driver, Assigned User, Company, License Plate,
 * Samsara VIN, GLE VIN, Status, Home Location, Updated, Actions. Column ids are the server's sort
 * fields; Driver and Assigned User do not sort.
 */
export function trucksColumns(actions: TrucksColumnActions): DataTableColumnDef<TruckRow>[] {
  return helper.columns([
    numberColumn<TruckRow>(),
    helper.accessor('unitNumber', { header: 'Unit', meta: { size: 60, grow: 0, pin: 'start' }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor((truck) => truck.driverNames.join(', '), {
      id: 'driverNames',
      header: 'Driver',
      enableSorting: false,
      meta: { label: 'Driver', size: 120, grow: 1.2 },
      cell: (info) => <TextCell value={info.getValue()} fallback="—" />,
    }),
    helper.accessor('assignUserName', {
      header: 'Assigned User',
      enableSorting: false,
      meta: { size: 96 },
      cell: (info) => <TextCell value={info.getValue()} fallback="—" />,
    }),
    helper.accessor('companyName', { header: 'Company', meta: { size: 96 }, cell: (info) => <TextCell value={info.getValue()} fallback="—" /> }),
    helper.accessor('licencePlate', { header: 'License Plate', meta: { size: 80 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('samsaraVin', { header: 'Samsara VIN', meta: { size: VIN_COLUMN_SIZE, grow: 0 }, cell: (info) => <VinCell value={info.getValue()} /> }),
    helper.accessor('vinNumber', { header: 'GLE VIN', meta: { size: VIN_COLUMN_SIZE, grow: 0 }, cell: (info) => <VinCell value={info.getValue()} /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 80, grow: 0 },
      cell: ({ row }) => {
        const truck = row.original;
        return (
          <StatusBadge
            on={truck.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(truck), actionLabel: `${truck.active ? 'Deactivate' : 'Activate'} truck ${truck.unitNumber}` }
              : {})}
          />
        );
      },
    }),
    helper.accessor('homeLocation', { header: 'Home Location', meta: { size: 130, grow: 1.2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('updated', { header: 'Updated', meta: { size: DATE_COLUMN_SIZE, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: actionsColumnSize(Number(actions.canEdit) + Number(actions.canView)), grow: 0 },
      cell: ({ row }) => {
        const truck = row.original;
        return (
          <span className="flex items-center gap-1">
            {actions.canEdit && (
              <Button variant="ghost" size="icon-sm" aria-label={`Edit truck ${truck.unitNumber}`} title="Edit" onClick={() => actions.onEdit(truck)}>
                <Pencil aria-hidden />
              </Button>
            )}
            {actions.canView && (
              <Button variant="ghost" size="icon-sm" aria-label={`View truck ${truck.unitNumber}`} title="View" onClick={() => actions.onView(truck)}>
                <Eye aria-hidden />
              </Button>
            )}
          </span>
        );
      },
    }),
  ]);
}
