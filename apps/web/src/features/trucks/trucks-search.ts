import { truckSortFields } from '@milepost/contracts/list-query';
import { idParam, keywordParam, sortParam, type SearchOf } from '@/lib/search-params';

/** The /trucks screen's URL state: keyword (unit number), Company and Driver filters, sort. */
export const trucksSearchParams = {
  keyword: keywordParam,
  companyId: idParam,
  driverId: idParam,
  sort: sortParam(truckSortFields),
};

export type TrucksSearch = SearchOf<typeof trucksSearchParams>;
