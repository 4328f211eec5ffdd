import { userSortFields } from '@milepost/contracts/users-api';
import { z } from 'zod';
import { keywordSearchParam, sortSearchParam } from '@/components/data-table/sorting';

/** The /users screen's URL state: keyword and sort (docs/product/shell.md: list state lives in the URL). */
export const usersSearchSchema = z.object({
  keyword: keywordSearchParam,
  sort: sortSearchParam(userSortFields),
});

export type UsersSearch = z.output<typeof usersSearchSchema>;
