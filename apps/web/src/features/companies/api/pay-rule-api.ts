import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys } from '@/lib/query-keys';

/** The pay rule sits with the Mileage Review's queries: saving it recomputes the company's open trips there. */
const keys = areaKeys('mileageReview');

/** GET /companies/{id}/pay-rule (the default when none is saved). */
export function payRuleQueryOptions(companyId: number) {
  return queryOptions({ queryKey: keys.options('pay-rule', companyId), queryFn: ({ signal }) => callApi(routes.mileageReview.payRule, { params: { id: companyId }, signal }) });
}
