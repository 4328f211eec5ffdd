import type { DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { useMemo, useState, type ReactNode } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { teamLookup, teamOptionById, useChosenOption } from '@/lib/lookups';
import { usePermissions } from '@/lib/permissions';
import { flipStatus } from '@/lib/status-change';
import { dispatchersListQueryOptions, useChangeDispatcherStatusMutation } from '../api/dispatchers-api';
import { DISPATCHER_TOASTS, DispatcherForm } from './dispatcher-form';
import { dispatcherName, dispatchersColumns } from './dispatchers-columns';

export interface DispatchersTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
  teamId?: number | undefined;
}

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

  const list = useListQuery(dispatchersListQueryOptions({ keyword: search.keyword, sort: search.sort, teamId: search.teamId }), search.sort);

  // The team filter's name: the one just picked, else read back by id (a reload, a linked URL).
  const [teamPicked, setTeamPicked] = useState<LookupOption | null>(null);
  const teamValue = useChosenOption(search.teamId, teamPicked, teamOptionById);

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
        onChangeStatus: (dispatcher) => flipStatus(changeStatus, dispatcher, { entity: 'dispatcher', toasts: DISPATCHER_TOASTS }),
      }),
    [canEdit, canChangeStatus, changeStatus, openDrawer],
  );

  const target = drawer.target;

  return (
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun="dispatchers"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search dispatchers...', label: 'Search dispatchers' }}
      filters={
        <div className="w-40">
          <LookupSelect
            id="dispatchers-team-filter"
            value={teamValue}
            onChange={(option) => {
              setTeamPicked(option);
              onSearchChange({ teamId: option?.id });
            }}
            {...teamLookup}
            placeholder="Team"
            searchPlaceholder="Search teams..."
            clearLabel="Clear team"
          />
        </div>
      }
      filtered={search.keyword !== undefined || search.sort !== undefined || search.teamId !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Dispatcher', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'dispatchers', label: 'Dispatchers', columns, getRowId: rowId }}
    >
      <Drawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        title={target.mode === 'create' ? 'New Dispatcher' : `Edit Dispatcher: ${dispatcherName(target.dispatcher)}`}
      >
        <DispatcherForm dispatcher={target.mode === 'edit' ? target.dispatcher : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </ListScreen>
  );
}
