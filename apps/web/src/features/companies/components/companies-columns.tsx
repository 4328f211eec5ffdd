import type { CompanyRow } from '@milepost/contracts/companies-api';
import { TextCell, actionsColumn, dateColumn, numberColumn, statusColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

export interface CompaniesColumnActions {
  canEdit: boolean;
  canEditTokens: boolean;
  canChangeStatus: boolean;
  canSync: boolean;
  onIntegrations: (company: CompanyRow) => void;
  onEdit: (company: CompanyRow) => void;
  onEditTokens: (company: CompanyRow) => void;
  onChangeStatus: (company: CompanyRow) => void;
}

const helper = dataTableColumnHelper<CompanyRow>();

/** Companies table (docs/product/admin.md): No, ID, Company Name, Email, Phone, US DOT, Status, Created, Actions. */
export function companiesColumns(actions: CompaniesColumnActions): DataTableColumnDef<CompanyRow>[] {
  return helper.columns([
    numberColumn<CompanyRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Company Name', meta: { size: 180, grow: 1.5 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('email', { header: 'Email', meta: { size: 180, grow: 1.2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('phone', { header: 'Phone', meta: { size: 156, grow: 0 }, cell: (info) => <TextCell value={info.getValue()} className="tabular-nums" /> }),
    helper.accessor('usDot', { header: 'US DOT', meta: { size: 100, grow: 0 }, cell: (info) => <TextCell value={info.getValue()} className="tabular-nums" /> }),
    statusColumn<CompanyRow>({ canChange: actions.canChangeStatus, onChange: actions.onChangeStatus, name: (company) => company.name }),
    dateColumn<CompanyRow, 'created'>('created', 'Created'),
    actionsColumn<CompanyRow>(
      [
        { kind: 'edit', allowed: actions.canEdit, onClick: actions.onEdit, label: (company) => `Edit ${company.name}` },
        { kind: 'tokens', allowed: actions.canEditTokens, onClick: actions.onEditTokens, label: (company) => `Update API tokens of ${company.name}` },
        { kind: 'integrations', allowed: actions.canSync, onClick: actions.onIntegrations, label: (company) => `Integrations of ${company.name}` },
      ],
      72,
    ),
  ]);
}
