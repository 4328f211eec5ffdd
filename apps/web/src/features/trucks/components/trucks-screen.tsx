import type { TruckRow } from '@milepost/contracts/trucks-api';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { Button } from '@/components/ui/button';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { companyLookup, companyQueryOptions, driverLookup, driverOptionById, useChosenOption } from '@/lib/lookups';
import { usePermissions } from '@/lib/permissions';
import { flipStatus } from '@/lib/status-change';
import { trucksListQueryOptions, useChangeTruckStatusMutation } from '../api/trucks-api';
import type { TrucksSearch } from '../trucks-search';
import { AssignDriversForm } from './assign-drivers-form';
import { TRUCK_TOASTS, TruckForm } from './truck-form';
import { TruckView } from './truck-view';
import { trucksColumns } from './trucks-columns';

type TruckDrawerTarget = { mode: 'edit' | 'view'; truck: TruckRow } | { mode: 'assign' };

export function truckDrawerTitle(target: TruckDrawerTarget): string {
  if (target.mode === 'assign') return 'Assign Drivers to User';
  return target.mode === 'edit' ? `Edit Truck: ${target.truck.unitNumber}` : `View Truck: ${target.truck.id}`;
}

/**
 * The Trucks screen (docs/product/admin.md Trucks): the shared DataTable over GET /trucks with keyword,
 * Company, Driver and sort in the URL; edit, view, status toggle and driver assignment by
 * permission. Trucks are not created here.
 */
export function TrucksScreen({ title, search, onSearchChange }: { title: string; search: TrucksSearch; onSearchChange: (patch: Partial<TrucksSearch> | null) => void }) {
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_TRUCK');
  const canView = has('CAN_VIEW_TRUCK');
  const canChangeStatus = has('CAN_CHANGE_STATUS_TRUCK');
  const canAssign = has('CAN_DRIVERS_ASSIGN_TO_USER_TRUCK');

  const list = useListQuery(trucksListQueryOptions({ keyword: search.keyword, sort: search.sort, companyId: search.companyId, driverId: search.driverId }), search.sort);

  // Filter labels: the company's and the driver's names are read back by id after a reload or from a linked URL.
  const company = useQuery({ ...companyQueryOptions(search.companyId ?? 0), enabled: search.companyId !== undefined });
  const companyValue: LookupOption | null = search.companyId === undefined ? null : { id: search.companyId, label: company.data?.name ?? `Company #${search.companyId}` };
  const [driverPicked, setDriverPicked] = useState<LookupOption | null>(null);
  const driverValue = useChosenOption(search.driverId, driverPicked, driverOptionById);

  const drawer = useDrawerSession<TruckDrawerTarget>({ mode: 'assign' });
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { mutate: changeStatus } = useChangeTruckStatusMutation();

  const columns = useMemo(
    () =>
      trucksColumns({
        canEdit,
        canView,
        canChangeStatus,
        onEdit: (truck) => openDrawer({ mode: 'edit', truck }),
        onView: (truck) => openDrawer({ mode: 'view', truck }),
        onChangeStatus: (truck) => flipStatus(changeStatus, truck, { entity: 'truck', toasts: TRUCK_TOASTS }),
      }),
    [canEdit, canView, canChangeStatus, changeStatus, openDrawer],
  );

  const target = drawer.target;

  return (
    <ListScreen
      title={title}
      noun="trucks"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search by unit number...', label: 'Search trucks' }}
      filters={
        <>
          <div className="w-44">
            <LookupSelect
              id="trucks-company-filter"
              value={companyValue}
              onChange={(option) => onSearchChange({ companyId: option?.id })}
              {...companyLookup}
              placeholder="Company"
              searchPlaceholder="Search companies..."
              clearLabel="Clear company"
            />
          </div>
          <div className="w-44">
            <LookupSelect
              id="trucks-driver-filter"
              value={driverValue}
              onChange={(option) => {
                setDriverPicked(option);
                onSearchChange({ driverId: option?.id });
              }}
              {...driverLookup}
              placeholder="Driver"
              searchPlaceholder="Search drivers..."
              clearLabel="Clear driver"
            />
          </div>
        </>
      }
      filtered={Object.values(search).some((v) => v !== undefined)}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      actions={
        canAssign ? (
          <Button onClick={() => openDrawer({ mode: 'assign' })}>
            <UserPlus aria-hidden />
            Assign
          </Button>
        ) : undefined
      }
      table={{ tableId: 'trucks', label: 'Trucks', columns, getRowId: rowId }}
    >
      <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={truckDrawerTitle(target)}>
        {target.mode === 'edit' && <TruckForm truck={target.truck} onDone={close} onCancel={close} />}
        {target.mode === 'view' && <TruckView truck={target.truck} />}
        {target.mode === 'assign' && <AssignDriversForm onDone={close} onCancel={close} />}
      </Drawer>
    </ListScreen>
  );
}
