import type { ShopRow } from '@milepost/contracts/shops-api';
import { useMemo } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { usePermissions } from '@/lib/permissions';
import { flipStatus } from '@/lib/status-change';
import { shopsListQueryOptions, useChangeShopStatusMutation } from '../api/shops-api';
import type { ShopsSearch } from '../shops-search';
import { SHOP_TOASTS, ShopForm } from './shop-form';
import { shopsColumns } from './shops-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

type ShopDrawerTarget = { mode: 'create' } | { mode: 'edit'; shop: ShopRow };

export function shopDrawerTitle(target: ShopDrawerTarget): string {
  return target.mode === 'create' ? 'New Shop' : `Edit Shop: ${target.shop.name}`;
}

/**
 * The Shops screen (docs/product/admin.md Shops): the shared DataTable over GET /shops with keyword and sort
 * in the URL, 'New Shop', edit, and a status that flips at once (no confirmation).
 */
export function ShopsScreen({ title, search, onSearchChange }: { title: string; search: ShopsSearch; onSearchChange: (patch: Partial<ShopsSearch> | null) => void }) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_SHOP');
  const canEdit = has('CAN_EDIT_SHOP');
  const canChangeStatus = has('CAN_CHANGE_STATUS_SHOP');

  const list = useListQuery(shopsListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

  const drawer = useDrawerSession<ShopDrawerTarget>({ mode: 'create' });
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { mutate: changeStatus } = useChangeShopStatusMutation();

  const columns = useMemo(
    () =>
      shopsColumns({
        canEdit,
        canChangeStatus,
        onEdit: (shop) => openDrawer({ mode: 'edit', shop }),
        onChangeStatus: (shop) => flipStatus(changeStatus, shop, { entity: 'shop', toasts: SHOP_TOASTS }),
      }),
    [canEdit, canChangeStatus, changeStatus, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      noun="shops"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search shops...', label: 'Search shops' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      create={canCreate ? { label: 'New Shop', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
      table={{ tableId: 'shops', label: 'Shops', columns, getRowId: rowId }}
    >
      <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={shopDrawerTitle(drawer.target)}>
        <ShopForm shop={drawer.target.mode === 'edit' ? drawer.target.shop : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </ListScreen>
  );
}
