import type { CompanyRow } from '@milepost/contracts/companies-api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { Drawer } from '@/components/layout/drawer';
import { RecordLoader } from '@/components/layout/record-loader';
import { usePermissions } from '@/lib/permissions';
import { flipStatus } from '@/lib/status-change';
import { companiesListQueryOptions, companyQueryOptions, useChangeCompanyStatusMutation } from '../api/companies-api';
import type { CompaniesSearch } from '../companies-search';
import { companiesColumns } from './companies-columns';
import { COMPANY_TOASTS, CompanyForm } from './company-form';
import { CompanyTokensForm } from './company-tokens-form';
import { CompanyIntegrations } from './company-integrations';
import { payRuleQueryOptions } from '../api/pay-rule-api';
import { Spinner } from '@/components/ui/spinner';
import { useDrawerSession } from '@/components/layout/use-drawer-session';

type CompanyDrawerTarget = { mode: 'edit' | 'tokens' | 'integrations'; company: CompanyRow };

export function companyDrawerTitle(target: CompanyDrawerTarget): string {
  if (target.mode === 'integrations') return `Integrations: ${target.company.name}`;
  return target.mode === 'edit' ? `Edit Company: ${target.company.name}` : `Update API Tokens: ${target.company.name}`;
}

/** The drawer body reads the company fresh (GET /companies/{id}) so hints and version are current. */
function CompanyDrawerBody({ target, onClose }: { target: CompanyDrawerTarget; onClose: () => void }) {
  if (target.mode === 'integrations') return <CompanyIntegrations company={target.company} />;
  return <CompanyRecordBody target={target} onClose={onClose} />;
}

function CompanyRecordBody({ target, onClose }: { target: CompanyDrawerTarget; onClose: () => void }) {
  const company = useQuery({ ...companyQueryOptions(target.company.id), staleTime: 0 });
  // The pay rule is part of the edit form (one Save); a rule that cannot be read leaves the form without it.
  const rule = useQuery({ ...payRuleQueryOptions(target.company.id), staleTime: 0, enabled: target.mode === 'edit', retry: false });
  return (
    <RecordLoader query={company}>
      {(record) =>
        target.mode === 'edit' ? (
          rule.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : (
            <CompanyForm company={record} payRule={rule.data ?? null} onDone={onClose} onCancel={onClose} />
          )
        ) : (
          <CompanyTokensForm company={record} onDone={onClose} onCancel={onClose} />
        )
      }
    </RecordLoader>
  );
}

/**
 * The Companies screen (docs/product/admin.md Companies): the shared DataTable over GET /companies with the
 * keyword and sort in the URL; edit, API tokens and status by permission. No create control.
 */
export function CompaniesScreen({ title, search, onSearchChange }: { title: string; search: CompaniesSearch; onSearchChange: (patch: Partial<CompaniesSearch> | null) => void }) {
  const { has } = usePermissions();
  const canEdit = has('CAN_EDIT_COMPANY');
  const canEditTokens = has('CAN_EDIT_COMPANY_TOKENS');
  const canChangeStatus = has('CAN_CHANGE_STATUS_COMPANY');
  const canSync = has('CAN_SYNC_INTEGRATIONS');

  const list = useListQuery(companiesListQueryOptions({ keyword: search.keyword, sort: search.sort }), search.sort);

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
        canSync,
        onIntegrations: (company) => openDrawer({ mode: 'integrations', company }),
        onEdit: (company) => openDrawer({ mode: 'edit', company }),
        onEditTokens: (company) => openDrawer({ mode: 'tokens', company }),
        onChangeStatus: (company) => flipStatus(changeStatus, company, { entity: 'company', toasts: COMPANY_TOASTS }),
      }),
    [canEdit, canEditTokens, canChangeStatus, canSync, changeStatus, openDrawer],
  );

  return (
    <ListScreen
      title={title}
      noun="companies"
      list={list}
      search={{ value: search.keyword, onChange: (keyword) => onSearchChange({ keyword }), placeholder: 'Search companies...', label: 'Search companies' }}
      filtered={search.keyword !== undefined || search.sort !== undefined}
      onReset={() => onSearchChange(null)}
      onSortChange={(sort) => onSearchChange({ sort })}
      table={{ tableId: 'companies', label: 'Companies', columns, getRowId: rowId }}
    >
      {drawer.target && (
        <Drawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} title={companyDrawerTitle(drawer.target)}>
          <CompanyDrawerBody target={drawer.target} onClose={close} />
        </Drawer>
      )}
    </ListScreen>
  );
}
