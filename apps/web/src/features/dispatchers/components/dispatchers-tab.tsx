import type { DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
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
import { dispatchersListQueryOptions, teamOptionsQueryOptions, useChangeDispatcherStatusMutation } from '../api/dispatchers-api';
import { TEAM_LOOKUP_TEXTS, toTeamOption } from '../team-lookup';
import { DISPATCHER_TOASTS, DispatcherForm } from './dispatcher-form';
import { dispatcherName, dispatchersColumns } from './dispatchers-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

export interface DispatchersTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
  teamId?: number | undefined;
}

const getRowId = (dispatcher: DispatcherRow) => String(dispatcher.id);

type DispatcherDrawerTarget = { mode: 'create' } | { mode: 'edit'; dispatcher: DispatcherRow };

/** The Dispatchers view of /dispatchers: table with keyword and team filters, 'New Dispatcher', edit, status. */
export function DispatchersTab({
  title,
  viewSwitcher,
  search,
  onSearchChange,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: DispatchersTabSearch;
  onSearchChange: (patch: DispatchersTabSearch | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_DISPATCHER');
  const canEdit = has('CAN_EDIT_DISPATCHER');
  const canChangeStatus = has('CAN_CHANGE_STATUS_DISPATCHER');

  const query = useInfiniteQuery(dispatchersListQueryOptions({ keyword: search.keyword, sort: search.sort, teamId: search.teamId }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

  // The picked team's name, remembered for the filter; a linked URL shows the id until a pick.
  const [teamLabel, setTeamLabel] = useState<LookupOption | null>(null);
  const teamValue: LookupOption | null =
    search.teamId === undefined ? null : teamLabel?.id === search.teamId ? teamLabel : { id: search.teamId, label: `Team #${search.teamId}` };

  const drawer = useDrawerSession<DispatcherDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { mutate: changeStatus } = useChangeDispatcherStatusMutation();

  const columns = useMemo(
    () =>
      dispatchersColumns({
        canEdit,
        canChangeStatus,
        onEdit: (dispatcher) => openDrawer({ mode: 'edit', dispatcher }),
        onChangeStatus: (dispatcher) =>
          changeStatus(
            { id: dispatcher.id, active: !dispatcher.active },
            {
              onSuccess: () => toast.success(dispatcher.active ? DISPATCHER_TOASTS.deactivated : DISPATCHER_TOASTS.activated),
              onError: (error) => toast.error(saveErrorText(error, 'dispatcher')),
            },
          ),
      }),
    [canEdit, canChangeStatus, changeStatus, openDrawer],
  );

  const target = drawer.target;

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'dispatchers')}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search dispatchers..." label="Search dispatchers" className="max-w-52" />
            <div className="w-40">
              <LookupSelect
                id="dispatchers-team-filter"
                value={teamValue}
                onChange={(option) => {
                  setTeamLabel(option);
                  onSearchChange({ teamId: option?.id });
                }}
                queryOptions={teamOptionsQueryOptions}
                toOption={toTeamOption}
                texts={TEAM_LOOKUP_TEXTS}
                placeholder="Team"
                searchPlaceholder="Search teams..."
                clearLabel="Clear team"
              />
            </div>
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton
              onClick={() => onSearchChange(null)}
              disabled={search.keyword === undefined && search.sort === undefined && search.teamId === undefined}
            />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Dispatcher
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="dispatchers"
          label="Dispatchers"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <Drawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        title={target.mode === 'create' ? 'New Dispatcher' : `Edit Dispatcher: ${dispatcherName(target.dispatcher)}`}
      >
        <DispatcherForm dispatcher={target.mode === 'edit' ? target.dispatcher : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </>
  );
}
