import { z } from 'zod';
import { keywordSearchParam, sortSearchParam } from '@/components/data-table/sorting';
import { companySortFields } from '@milepost/contracts/companies-api';

/** The /companies screen's URL state: keyword and sort. */
export const companiesSearchSchema = z.object({
  keyword: keywordSearchParam,
  sort: sortSearchParam(companySortFields),
});

export type CompaniesSearch = z.output<typeof companiesSearchSchema>;
