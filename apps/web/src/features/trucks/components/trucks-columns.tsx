import type { TruckRow } from '@milepost/contracts/trucks-api';
import { TextCell, VIN_COLUMN_SIZE, VinCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

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
 * Trucks table (docs/product/admin.md Trucks): No, Unit, Driver, Assigned User, Company, License Plate,
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
    statusColumn<TruckRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (truck) => `truck ${truck.unitNumber}`, size: 80 }),
    helper.accessor('homeLocation', { header: 'Home Location', meta: { size: 130, grow: 1.2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    dateColumn<TruckRow, 'updated'>('updated', 'Updated', 132),
    actionsColumn<TruckRow>(
      [
        { kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (truck) => `Edit truck ${truck.unitNumber}` },
        { kind: 'view', allowed: actions.canView, onClick: actions.onView, label: (truck) => `View truck ${truck.unitNumber}` },
      ],
      64,
    ),
  ]);
}
