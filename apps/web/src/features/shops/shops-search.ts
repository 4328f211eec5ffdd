import { z } from 'zod';
import { keywordSearchParam, sortSearchParam } from '@/components/data-table/sorting';
import { shopSortFields } from '@milepost/contracts/shops-api';

/** The /shops screen's URL state: keyword and sort. */
export const shopsSearchSchema = z.object({
  keyword: keywordSearchParam,
  sort: sortSearchParam(shopSortFields),
});

export type ShopsSearch = z.output<typeof shopsSearchSchema>;
