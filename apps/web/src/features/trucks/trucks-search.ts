import { truckSortFields } from '@milepost/contracts/trucks-api';
import { z } from 'zod';
import { idSearchParam as idParam, keywordSearchParam, sortSearchParam } from '@/components/data-table/sorting';

/** The /trucks screen's URL state: keyword (unit number), Company and Driver filters, sort. */
export const trucksSearchSchema = z.object({
  keyword: keywordSearchParam,
  companyId: idParam,
  driverId: idParam,
  sort: sortSearchParam(truckSortFields),
});

export type TrucksSearch = z.output<typeof trucksSearchSchema>;
