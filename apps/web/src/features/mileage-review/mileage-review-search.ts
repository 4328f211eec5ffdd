import { REVIEW_STATUSES, reviewSortFields } from '@milepost/contracts/list-query';
import { idParam, oneOfParam, sortParam, textParam, wireDateParam, type SearchOf } from '@/lib/search-params';

/** The /mileage-review screen's URL state: the tab, the filters (with the pickers' labels) and the sort. */
export const mileageReviewSearchParams = {
  status: oneOfParam(REVIEW_STATUSES),
  companyId: idParam,
  companyLabel: textParam({ max: 200, trim: false }),
  truckId: idParam,
  truckLabel: textParam({ max: 100, trim: false }),
  driverId: idParam,
  driverLabel: textParam({ max: 200, trim: false }),
  fromDate: wireDateParam,
  toDate: wireDateParam,
  sort: sortParam(reviewSortFields),
};
export type MileageReviewSearch = SearchOf<typeof mileageReviewSearchParams>;
