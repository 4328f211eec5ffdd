import type { PayRule, PayRuleUpdate } from '@milepost/contracts/mileage-review-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

/** The pay rule sits with the Mileage Review's queries: saving it recomputes the company's open trips there. */
const keys = areaKeys('mileageReview');

/** GET /companies/{id}/pay-rule (the default when none is saved). */
export function payRuleQueryOptions(companyId: number) {
  return queryOptions({ queryKey: keys.options('pay-rule', companyId), queryFn: ({ signal }) => callApi(routes.mileageReview.payRule, { params: { id: companyId }, signal }) });
}

/** PUT /companies/{id}/pay-rule with the version it was read at (0 for the default). */
export function savePayRule({ companyId, body }: { companyId: number; body: PayRuleUpdate }): Promise<PayRule> {
  return callApi(routes.mileageReview.savePayRule, { params: { id: companyId }, body });
}

export const useSavePayRuleMutation = () => useWriteMutation('mileageReview', savePayRule);
