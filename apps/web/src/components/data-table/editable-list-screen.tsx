import type { QueryKey } from '@tanstack/react-query';
import { Fragment, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { useConfirmDialog, type ConfirmOptions } from '@/components/ui/confirm-dialog';
import { usePermissions } from '@/lib/permissions';
import type { DataTableColumnDef } from './data-table-features';
import { ListScreen, rowId, useListQuery, type PagedOptions } from './list-screen';

/** What a row's edit action and status toggle do, and whether the user may use them. */
export interface RowActions<TRow> {
  canEdit: boolean;
  canChangeStatus: boolean;
  onEdit: (row: TRow) => void;
  onChangeStatus: (row: TRow) => void;
}

/** The keyword and sort every editable list keeps in the URL; a screen may add its own filters. */
export interface KeywordSearch {
  keyword?: string | undefined;
  sort?: string | undefined;
}

/** What a tab's screen receives from its route: the title, the tab switcher and its part of the URL search. */
export interface ListTabProps<TSearch extends KeywordSearch> {
  title: string;
  viewSwitcher?: ReactNode;
  search: TSearch;
  onSearchChange: (patch: TSearch | null) => void;
}

/**
 * How a row's status changes: `flip` at once (with Undo, `flipStatus`), or after the dialog
 * `confirm` describes (`statusChangeConfirm`).
 */
export type StatusChange<TRow> = { flip: (row: TRow) => void } | { confirm: (row: TRow) => ConfirmOptions };

/**
 * A list screen whose rows are created and edited in a drawer (the admin and reference-data tabs,
 * docs/product/admin.md): the screen declares its permissions, query, columns, texts and drawer;
 * this wires the permissions, the paged list, the drawer session (a fresh form per opening), the
 * edit and status actions of the columns and the header's keyword search, Reset Filters, sort
 * and 'New …' button around `ListScreen`.
 */
export function EditableListScreen<TRow extends { id: number }, TKey extends QueryKey>({
  title,
  viewSwitcher,
  search,
  onSearchChange,
  query,
  noun,
  searchText,
  filters,
  otherFiltersSet = false,
  permissions,
  columns,
  status,
  createLabel,
  table,
  drawer,
}: {
  title: string;
  viewSwitcher?: ReactNode;
  search: KeywordSearch;
  onSearchChange: (patch: KeywordSearch | null) => void;
  /** The paged list for this search (see `pagedInfiniteQueryOptions`). */
  query: PagedOptions<TRow, TKey>;
  /** For the total: '12 teams'. */
  noun: string;
  /** The keyword box's placeholder and accessible name. */
  searchText: { placeholder: string; label: string };
  /** Filters after the keyword box. */
  filters?: ReactNode;
  /** Whether the screen's own filters have a value (for Reset Filters). */
  otherFiltersSet?: boolean;
  /** The permission keys for 'New …', the edit action and the status toggle. */
  permissions: { create: string; edit: string; changeStatus: string };
  /** The table's columns, given the row actions (keep it a module-level function). */
  columns: (actions: RowActions<TRow>) => DataTableColumnDef<TRow>[];
  status: StatusChange<TRow>;
  /** The header button: 'New Team'. */
  createLabel: string;
  table: { tableId: string; label: string };
  /** The drawer for a new record (`row` undefined) or for editing `row`; `close` closes it. */
  drawer: (row: TRow | undefined, state: { open: boolean; onOpenChange: (open: boolean) => void }, close: () => void) => ReactNode;
}) {
  const { has } = usePermissions();
  const canCreate = has(permissions.create);
  const canEdit = has(permissions.edit);
  const canChangeStatus = has(permissions.changeStatus);

  const list = useListQuery(query, search.sort);

  const session = useDrawerSession<TRow | undefined>(undefined);
  const openDrawer = session.openWith;
  const close = () => session.setOpen(false);

  const { confirm, dialog } = useConfirmDialog();
  const onChangeStatus = (row: TRow) => ('flip' in status ? status.flip(row) : confirm(status.confirm(row)));
  // The latest status handler, so the columns stay the same across renders.
  const changeStatus = useRef(onChangeStatus);
  useLayoutEffect(() => {
    changeStatus.current = onChangeStatus;
  });

  const tableColumns = useMemo(
    () => columns({ canEdit, canChangeStatus, onEdit: (row) => openDrawer(row), onChangeStatus: (row) => changeStatus.current(row) }),
    [columns, canEdit, canChangeStatus, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      viewSwitcher={viewSwitcher}
      noun={noun}
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), ...searchText }}
      filters={filters}
      filtered={search.keyword !== undefined || search.sort !== undefined || otherFiltersSet}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: createLabel, onClick: () => openDrawer(undefined) } : undefined}
      table={{ ...table, columns: tableColumns, getRowId: rowId }}
    >
      <Fragment key={session.session}>{drawer(session.target, { open: session.open, onOpenChange: session.setOpen }, close)}</Fragment>
      {dialog}
    </ListScreen>
  );
}
