import { companySortFields } from '@milepost/contracts/list-query';
import { keywordParam, sortParam, type SearchOf } from '@/lib/search-params';

/** The /companies screen's URL state: keyword and sort. */
export const companiesSearchParams = {
  keyword: keywordParam,
  sort: sortParam(companySortFields),
};

export type CompaniesSearch = SearchOf<typeof companiesSearchParams>;
