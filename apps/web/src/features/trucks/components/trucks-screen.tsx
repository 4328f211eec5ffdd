import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { DriverRow } from '@milepost/contracts/drivers-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { Drawer } from '@/components/layout/drawer';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { companyNameQueryOptions, companyOptionsQueryOptions, driverName, driverOptionsQueryOptions } from '../api/lookups-api';
import { trucksListQueryOptions, useChangeTruckStatusMutation } from '../api/trucks-api';
import type { TrucksSearch } from '../trucks-search';
import { AssignDriversForm } from './assign-drivers-form';
import { DRIVER_LOOKUP_TEXTS } from './driver-multi-select';
import { TRUCK_TOASTS, TruckForm } from './truck-form';
import { TruckView } from './truck-view';
import { trucksColumns } from './trucks-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

const getRowId = (truck: TruckRow) => String(truck.id);

const COMPANY_LOOKUP_TEXTS = {
  empty: 'No companies available',
  noResults: (text: string) => `No companies found for "${text}"`,
  loading: 'Loading companies...',
} as const;

const toCompanyOption = (company: CompanyRow): LookupOption => ({ id: company.id, label: company.name });
const toDriverOption = (driver: DriverRow): LookupOption => ({ id: driver.id, label: driverName(driver) });

type TruckDrawerTarget = { mode: 'edit' | 'view'; truck: TruckRow } | { mode: 'assign' };

export function truckDrawerTitle(target: TruckDrawerTarget): string {
  if (target.mode === 'assign') return 'Assign Drivers to User';
  return target.mode === 'edit' ? `Edit Truck: ${target.truck.unitNumber}` : `View Truck: ${target.truck.id}`;
}

/**
 * The Trucks screen (spec 02 §2 Trucks): the shared DataTable over GET /trucks with keyword,
 * Company, Driver and sort in the URL; edit, view, status toggle and driver assignment by
 * permission. Trucks are not created here.
 */
export function TrucksScreen({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: TrucksSearch;
  onSearchChange: (patch: Partial<TrucksSearch> | null) => void;
}) {
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_TRUCK');
  const canView = has('CAN_VIEW_TRUCK');
  const canChangeStatus = has('CAN_CHANGE_STATUS_TRUCK');
  const canAssign = has('CAN_DRIVERS_ASSIGN_TO_USER_TRUCK');

  const query = useInfiniteQuery(
    trucksListQueryOptions({ keyword: search.keyword, sort: search.sort, companyId: search.companyId, driverId: search.driverId }),
  );
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

  // Filter labels: the company's name is read back for a linked URL; a picked driver's is remembered.
  const company = useQuery({ ...companyNameQueryOptions(search.companyId ?? 0), enabled: search.companyId !== undefined });
  const companyValue: LookupOption | null =
    search.companyId === undefined ? null : { id: search.companyId, label: company.data?.name ?? `Company #${search.companyId}` };
  const [driverLabel, setDriverLabel] = useState<LookupOption | null>(null);
  const driverValue: LookupOption | null =
    search.driverId === undefined
      ? null
      : driverLabel?.id === search.driverId
        ? driverLabel
        : { id: search.driverId, label: `Driver #${search.driverId}` };

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
        onChangeStatus: (truck) =>
          changeStatus(
            { id: truck.id, active: !truck.active },
            {
              onSuccess: () => toast.success(truck.active ? TRUCK_TOASTS.deactivated : TRUCK_TOASTS.activated),
              onError: (error) => toast.error(saveErrorText(error, 'truck')),
            },
          ),
      }),
    [canEdit, canView, canChangeStatus, changeStatus, openDrawer],
  );

  const filtered = Object.values(search).some((v) => v !== undefined);
  const target = drawer.target;

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'trucks')}
        filters={
          <>
            <TableSearch
              value={search.keyword}
              onChange={(keyword) => onSearchChange({ keyword })}
              placeholder="Search by unit number..."
              label="Search trucks"
            />
            <div className="w-44">
              <LookupSelect
                id="trucks-company-filter"
                value={companyValue}
                onChange={(option) => onSearchChange({ companyId: option?.id })}
                queryOptions={companyOptionsQueryOptions}
                toOption={toCompanyOption}
                texts={COMPANY_LOOKUP_TEXTS}
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
                  setDriverLabel(option);
                  onSearchChange({ driverId: option?.id });
                }}
                queryOptions={driverOptionsQueryOptions}
                toOption={toDriverOption}
                texts={DRIVER_LOOKUP_TEXTS}
                placeholder="Driver"
                searchPlaceholder="Search drivers..."
                clearLabel="Clear driver"
              />
            </div>
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={!filtered} />
          </>
        }
        actions={
          canAssign ? (
            <Button onClick={() => openDrawer({ mode: 'assign' })}>
              <UserPlus aria-hidden />
              Assign
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="trucks"
          label="Trucks"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={truckDrawerTitle(target)}>
        {target.mode === 'edit' && <TruckForm truck={target.truck} onDone={close} onCancel={close} />}
        {target.mode === 'view' && <TruckView truck={target.truck} />}
        {target.mode === 'assign' && <AssignDriversForm onDone={close} onCancel={close} />}
      </Drawer>
    </>
  );
}
