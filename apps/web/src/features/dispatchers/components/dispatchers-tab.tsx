import { useState } from 'react';
import { EditableListScreen, type ListTabProps } from '@/components/data-table/editable-list-screen';
import { Drawer } from '@/components/layout/drawer';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { teamLookup, teamOptionById, useChosenOption } from '@/lib/lookups';
import { flipStatus } from '@/lib/status-change';
import { dispatchersListQueryOptions, useChangeDispatcherStatusMutation } from '../api/dispatchers-api';
import { DISPATCHER_TOASTS, DispatcherForm } from './dispatcher-form';
import { dispatcherName, dispatchersColumns } from './dispatchers-columns';

export interface DispatchersTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
  teamId?: number | undefined;
}

/** The Dispatchers view of /dispatchers: table with keyword and team filters, 'New Dispatcher', edit, status. */
export function DispatchersTab({ search, ...tab }: ListTabProps<DispatchersTabSearch>) {
  // The team filter's name: the one just picked, else read back by id (a reload, a linked URL).
  const [teamPicked, setTeamPicked] = useState<LookupOption | null>(null);
  const teamValue = useChosenOption(search.teamId, teamPicked, teamOptionById);

  const { mutate: changeStatus } = useChangeDispatcherStatusMutation();

  return (
    <EditableListScreen
      {...tab}
      search={search}
      query={dispatchersListQueryOptions({ keyword: search.keyword, sort: search.sort, teamId: search.teamId })}
      noun="dispatchers"
      searchText={{ placeholder: 'Search dispatchers...', label: 'Search dispatchers' }}
      filters={
        <div className="w-40">
          <LookupSelect
            id="dispatchers-team-filter"
            value={teamValue}
            onChange={(option) => {
              setTeamPicked(option);
              tab.onSearchChange({ teamId: option?.id });
            }}
            {...teamLookup}
            placeholder="Team"
            searchPlaceholder="Search teams..."
            clearLabel="Clear team"
          />
        </div>
      }
      otherFiltersSet={search.teamId !== undefined}
      permissions={{ create: 'CAN_CREATE_DISPATCHER', edit: 'CAN_EDIT_DISPATCHER', changeStatus: 'CAN_CHANGE_STATUS_DISPATCHER' }}
      columns={dispatchersColumns}
      status={{ flip: (dispatcher) => flipStatus(changeStatus, dispatcher, { entity: 'dispatcher', toasts: DISPATCHER_TOASTS }) }}
      createLabel="New Dispatcher"
      table={{ tableId: 'dispatchers', label: 'Dispatchers' }}
      drawer={(dispatcher, state, close) => (
        <Drawer {...state} title={dispatcher ? `Edit Dispatcher: ${dispatcherName(dispatcher)}` : 'New Dispatcher'}>
          <DispatcherForm dispatcher={dispatcher} onDone={close} onCancel={close} />
        </Drawer>
      )}
    />
  );
}
