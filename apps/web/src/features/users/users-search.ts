import { userSortFields } from '@milepost/contracts/list-query';
import { keywordParam, sortParam, type SearchOf } from '@/lib/search-params';

/** The /users screen's URL state: keyword and sort (docs/product/shell.md: list state lives in the URL). */
export const usersSearchParams = {
  keyword: keywordParam,
  sort: sortParam(userSortFields),
};

export type UsersSearch = SearchOf<typeof usersSearchParams>;
