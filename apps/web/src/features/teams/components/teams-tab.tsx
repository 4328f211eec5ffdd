import type { TeamRow } from '@milepost/contracts/dispatchers-api';
import { useMemo, type ReactNode } from 'react';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { usePermissions } from '@/lib/permissions';
import { flipStatus } from '@/lib/status-change';
import { teamsListQueryOptions, useChangeTeamStatusMutation } from '../api/teams-api';
import { TEAM_TOASTS, TeamForm } from './team-form';

export interface TeamsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const helper = dataTableColumnHelper<TeamRow>();

interface TeamColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (team: TeamRow) => void;
  onChangeStatus: (team: TeamRow) => void;
}

/** Team table (docs/product/admin.md): No, ID, Team Name, Status, Created, Updated, Actions. */
function teamsColumns(actions: TeamColumnActions): DataTableColumnDef<TeamRow>[] {
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

type TeamDrawerTarget = { mode: 'create' } | { mode: 'edit'; team: TeamRow };

/** The Teams view of /dispatchers: table with keyword, 'New Team', edit, status. */
export function TeamsTab({
  title,
  viewSwitcher,
  search,
  onSearchChange,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: TeamsTabSearch;
  onSearchChange: (patch: TeamsTabSearch | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_TEAM');
  const canEdit = has('CAN_EDIT_TEAM');
  const canChangeStatus = has('CAN_CHANGE_STATUS_TEAM');

  const list = useListQuery(teamsListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

  const drawer = useDrawerSession<TeamDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { mutate: changeStatus } = useChangeTeamStatusMutation();

  const columns = useMemo(
    () =>
      teamsColumns({
        canEdit,
        canChangeStatus,
        onEdit: (team) => openDrawer({ mode: 'edit', team }),
        onChangeStatus: (team) => flipStatus(changeStatus, team, { entity: 'team', toasts: TEAM_TOASTS }),
      }),
    [canEdit, canChangeStatus, changeStatus, openDrawer],
  );

  const target = drawer.target;

  return (
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun="teams"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search teams...', label: 'Search teams' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Team', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'teams', label: 'Teams', columns, getRowId: rowId }}
    >
      <Drawer
        key={drawer.session}
        open={drawer.open}
        onOpenChange={drawer.setOpen}
        title={target.mode === 'create' ? 'New Team' : `Edit Team: ${target.team.name}`}
      >
        <TeamForm team={target.mode === 'edit' ? target.team : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </ListScreen>
  );
}
