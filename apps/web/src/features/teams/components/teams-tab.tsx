import type { TeamRow } from '@milepost/contracts/dispatchers-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { DateCell, TextCell, numberColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { Drawer } from '@/components/layout/drawer';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { teamsListQueryOptions, useChangeTeamStatusMutation } from '../api/teams-api';
import { TEAM_TOASTS, TeamForm } from './team-form';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

export interface TeamsTabSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

const getRowId = (team: TeamRow) => String(team.id);
const helper = dataTableColumnHelper<TeamRow>();

interface TeamColumnActions {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (team: TeamRow) => void;
  onChangeStatus: (team: TeamRow) => void;
}

/** Team table (spec 02 §2): No, ID, Team Name, Status, Created, Updated, Actions. */
function teamsColumns(actions: TeamColumnActions): DataTableColumnDef<TeamRow>[] {
  return helper.columns([
    numberColumn<TeamRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Team Name', meta: { size: 220, grow: 2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 96, grow: 0 },
      cell: ({ row }) => {
        const team = row.original;
        return (
          <StatusBadge
            on={team.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(team), actionLabel: `${team.active ? 'Deactivate' : 'Activate'} ${team.name}` }
              : {})}
          />
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.accessor('updated', { header: 'Updated', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
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

  const query = useInfiniteQuery(teamsListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

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
        onChangeStatus: (team) =>
          changeStatus(
            { id: team.id, active: !team.active },
            {
              onSuccess: () => toast.success(team.active ? TEAM_TOASTS.deactivated : TEAM_TOASTS.activated),
              onError: (error) => toast.error(saveErrorText(error, 'team')),
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
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'teams')}
        viewSwitcher={viewSwitcher}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search teams..." label="Search teams" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Team
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="teams"
          label="Teams"
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
        title={target.mode === 'create' ? 'New Team' : `Edit Team: ${target.team.name}`}
      >
        <TeamForm team={target.mode === 'edit' ? target.team : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </>
  );
}
