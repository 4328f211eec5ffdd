import type { CompanyRow } from '@milepost/contracts/companies-api';
import { KeyRound, Pencil } from 'lucide-react';
import { DateCell, TextCell, actionsColumnSize, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';

export interface CompaniesColumnActions {
  canEdit: boolean;
  canEditTokens: boolean;
  canChangeStatus: boolean;
  onEdit: (company: CompanyRow) => void;
  onEditTokens: (company: CompanyRow) => void;
  onChangeStatus: (company: CompanyRow) => void;
}

const helper = dataTableColumnHelper<CompanyRow>();

/** Companies table (spec 02 §2): No, ID, Company Name, Email, Phone, US DOT, Status, Created, Actions. */
export function companiesColumns(actions: CompaniesColumnActions): DataTableColumnDef<CompanyRow>[] {
  return helper.columns([
    numberColumn<CompanyRow>(),
    helper.accessor('id', { header: 'ID', meta: { size: 52, grow: 0, align: 'end' } }),
    helper.accessor('name', { header: 'Company Name', meta: { size: 180, grow: 1.5 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('email', { header: 'Email', meta: { size: 180, grow: 1.2 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('phone', { header: 'Phone', meta: { size: 156, grow: 0 }, cell: (info) => <TextCell value={info.getValue()} className="tabular-nums" /> }),
    helper.accessor('usDot', { header: 'US DOT', meta: { size: 100, grow: 0 }, cell: (info) => <TextCell value={info.getValue()} className="tabular-nums" /> }),
    helper.accessor('active', {
      header: 'Status',
      meta: { size: 96, grow: 0 },
      cell: ({ row }) => {
        const company = row.original;
        return (
          <StatusBadge
            on={company.active}
            {...(actions.canChangeStatus
              ? { onClick: () => actions.onChangeStatus(company), actionLabel: `${company.active ? 'Deactivate' : 'Activate'} ${company.name}` }
              : {})}
          />
        );
      },
    }),
    helper.accessor('created', { header: 'Created', meta: { size: 150, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      meta: { size: actionsColumnSize(2), grow: 0 },
      cell: ({ row }) => {
        const company = row.original;
        return (
          <span className="flex items-center gap-1">
            {actions.canEdit && (
              <Button variant="ghost" size="icon-sm" aria-label={`Edit ${company.name}`} title="Edit" onClick={() => actions.onEdit(company)}>
                <Pencil aria-hidden />
              </Button>
            )}
            {actions.canEditTokens && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Update API tokens of ${company.name}`}
                title="Update API Tokens"
                onClick={() => actions.onEditTokens(company)}
              >
                <KeyRound aria-hidden />
              </Button>
            )}
          </span>
        );
      },
    }),
  ]);
}
