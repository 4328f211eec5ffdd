import { shopSortFields } from '@milepost/contracts/list-query';
import { keywordParam, sortParam, type SearchOf } from '@/lib/search-params';

/** The /shops screen's URL state: keyword and sort. */
export const shopsSearchParams = {
  keyword: keywordParam,
  sort: sortParam(shopSortFields),
};

export type ShopsSearch = SearchOf<typeof shopsSearchParams>;
