import type { CompanyRow } from '@milepost/contracts/companies-api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, TableSearch, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { Drawer } from '@/components/layout/drawer';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Spinner } from '@/components/ui/spinner';
import { saveErrorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { companiesListQueryOptions, companyQueryOptions, useChangeCompanyStatusMutation } from '../api/companies-api';
import type { CompaniesSearch } from '../companies-search';
import { companiesColumns } from './companies-columns';
import { COMPANY_TOASTS, CompanyForm } from './company-form';
import { CompanyTokensForm } from './company-tokens-form';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

const getRowId = (company: CompanyRow) => String(company.id);

type CompanyDrawerTarget = { mode: 'edit' | 'tokens'; company: CompanyRow };

export function companyDrawerTitle(target: CompanyDrawerTarget): string {
  return target.mode === 'edit' ? `Edit Company: ${target.company.name}` : `Update API Tokens: ${target.company.name}`;
}

/** The drawer body reads the company fresh (GET /companies/{id}) so hints and version are current. */
function CompanyDrawerBody({ target, onClose }: { target: CompanyDrawerTarget; onClose: () => void }) {
  const company = useQuery({ ...companyQueryOptions(target.company.id), staleTime: 0 });
  if (!company.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  return target.mode === 'edit' ? (
    <CompanyForm company={company.data} onDone={onClose} onCancel={onClose} />
  ) : (
    <CompanyTokensForm company={company.data} onDone={onClose} onCancel={onClose} />
  );
}

/**
 * The Companies screen (spec 02 §2 Companies): the shared DataTable over GET /companies with the
 * keyword and sort in the URL; edit, API tokens and status by permission. No create control.
 */
export function CompaniesScreen({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: CompaniesSearch;
  onSearchChange: (patch: Partial<CompaniesSearch> | null) => void;
}) {
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_COMPANY');
  const canEditTokens = has('CAN_EDIT_COMPANY_TOKENS');
  const canChangeStatus = has('CAN_CHANGE_STATUS_COMPANY');

  const query = useInfiniteQuery(companiesListQueryOptions({ keyword: search.keyword, sort: search.sort }));
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

  const drawer = useDrawerSession<CompanyDrawerTarget | null>(null);
  const openDrawer = drawer.openWith;
  const close = () => drawer.setOpen(false);

  const { mutate: changeStatus } = useChangeCompanyStatusMutation();

  const columns = useMemo(
    () =>
      companiesColumns({
        canEdit,
        canEditTokens,
        canChangeStatus,
        onEdit: (company) => openDrawer({ mode: 'edit', company }),
        onEditTokens: (company) => openDrawer({ mode: 'tokens', company }),
        onChangeStatus: (company) =>
          changeStatus(
            { id: company.id, active: !company.active },
            {
              onSuccess: () => toast.success(company.active ? COMPANY_TOASTS.deactivated : COMPANY_TOASTS.activated),
              onError: (error) => toast.error(saveErrorText(error, 'company')),
            },
          ),
      }),
    [canEdit, canEditTokens, canChangeStatus, changeStatus, openDrawer],
  );

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(query.data ? source.totalCount : undefined, 'companies')}
        filters={
          <>
            <TableSearch value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} placeholder="Search companies..." label="Search companies" />
            <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
            <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={search.keyword === undefined && search.sort === undefined} />
          </>
        }
      />
      <ScreenBody className="overflow-hidden">
        <DataTable
          tableId="companies"
          label="Companies"
          columns={columns}
          source={source}
          getRowId={getRowId}
          sorting={sorting}
          onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
        />
      </ScreenBody>
      {drawer.target && (
        <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={companyDrawerTitle(drawer.target)}>
          <CompanyDrawerBody target={drawer.target} onClose={close} />
        </Drawer>
      )}
    </>
  );
}
