import { useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { errorText } from '@/lib/error-messages';
import { downloadSettlementCsv, type ReviewFilters } from '../api/mileage-review-api';

/** The settlement CSV of the filter's company and period, per trip or per driver, with its busy state. */
export function useSettlementExport(filters: ReviewFilters) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (groupBy: 'trip' | 'driver') => {
    setExporting(true);
    try {
      await downloadSettlementCsv({
        companyId: filters.companyId,
        fromDate: filters.fromDate,
        toDate: filters.toDate,
        groupBy,
      });
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
