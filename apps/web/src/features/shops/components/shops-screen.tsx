import type { ShopRow } from '@milepost/contracts/shops-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { Drawer } from '@/components/layout/drawer';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { shopsListQueryOptions, useChangeShopStatusMutation } from '../api/shops-api';
import type { ShopsSearch } from '../shops-search';
import { SHOP_TOASTS, ShopForm } from './shop-form';
import { shopsColumns } from './shops-columns';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

const getRowId = (shop: ShopRow) => String(shop.id);

type ShopDrawerTarget = { mode: 'create' } | { mode: 'edit'; shop: ShopRow };

export function shopDrawerTitle(target: ShopDrawerTarget): string {
  return target.mode === 'create' ? 'New Shop' : `Edit Shop: ${target.shop.name}`;
}

/**
 * The Shops screen (spec 02 §2 Shops): the shared DataTable over GET /shops with keyword and sort
 * in the URL, 'New Shop', edit, and a status that flips at once (no confirmation).
 */
export function ShopsScreen({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: ShopsSearch;
  onSearchChange: (patch: Partial<ShopsSearch> | null) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_SHOP');
  const canEdit = has('CAN_EDIT_SHOP');
  const canChangeStatus = has('CAN_CHANGE_STATUS_SHOP');

  const query = useInfiniteQuery(shopsListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

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
        onChangeStatus: (shop) =>
          changeStatus(
            { id: shop.id, active: !shop.active },
            {
              onSuccess: () => toast.success(shop.active ? SHOP_TOASTS.deactivated : SHOP_TOASTS.activated),
              onError: (error) => toast.error(saveErrorText(error, 'shop')),
            },
          ),
      }),
    [canEdit, canChangeStatus, changeStatus, openDrawer],
  );

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'shops')}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search shops..." label="Search shops" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
        actions={
          canCreate ? (
            <Button onClick={() => openDrawer({ mode: 'create' })}>
              <Plus aria-hidden />
              New Shop
            </Button>
          ) : undefined
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="shops"
          label="Shops"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={shopDrawerTitle(drawer.target)}>
        <ShopForm shop={drawer.target.mode === 'edit' ? drawer.target.shop : undefined} onDone={close} onCancel={close} />
      </Drawer>
    </>
  );
}
