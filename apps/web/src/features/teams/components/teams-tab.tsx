import type { TeamRow } from '@milepost/contracts/dispatchers-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { EditableListScreen, type ListTabProps, type RowActions } from '@/components/data-table/editable-list-screen';
import { Drawer } from '@/components/layout/drawer';
import { flipStatus } from '@/lib/status-change';
import { teamsListQueryOptions, useChangeTeamStatusMutation } from '../api/teams-api';
import { TEAM_TOASTS, TeamForm } from './team-form';

export interface TeamsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const helper = dataTableColumnHelper<TeamRow>();

/** Team table (docs/product/admin.md): No, ID, Team Name, Status, Created, Updated, Actions. */
function teamsColumns(actions: RowActions<TeamRow>): DataTableColumnDef<TeamRow>[] {
  return helper.columns([
    numberColumn<TeamRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Team Name', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    statusColumn<TeamRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (team) => team.name }),
    dateColumn<TeamRow, 'created'>('created', 'Created'),
    dateColumn<TeamRow, 'updated'>('updated', 'Updated'),
    actionsColumn<TeamRow>([{ kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (team) => `Edit ${team.name}` }], 64),
  ]);
}

/** The Teams view of /dispatchers: table with keyword, 'New Team', edit, status. */
export function TeamsTab({ search, ...tab }: ListTabProps<TeamsTabSearch>) {
  const { mutate: changeStatus } = useChangeTeamStatusMutation();
  return (
    <EditableListScreen
      {...tab}
      search={search}
      query={teamsListQueryOptions({ keyword: search.keyword, sort: search.sort })}
      noun="teams"
      searchText={{ placeholder: 'Search teams...', label: 'Search teams' }}
      permissions={{ create: 'CAN_CREATE_TEAM', edit: 'CAN_EDIT_TEAM', changeStatus: 'CAN_CHANGE_STATUS_TEAM' }}
      columns={teamsColumns}
      status={{ flip: (team) => flipStatus(changeStatus, team, { entity: 'team', toasts: TEAM_TOASTS }) }}
      createLabel="New Team"
      table={{ tableId: 'teams', label: 'Teams' }}
      drawer={(team, state, close) => (
        <Drawer {...state} title={team ? `Edit Team: ${team.name}` : 'New Team'}>
          <TeamForm team={team} onDone={close} onCancel={close} />
        </Drawer>
      )}
    />
  );
}
