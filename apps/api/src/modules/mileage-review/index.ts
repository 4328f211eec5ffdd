/** What other modules use of the Mileage Review (docs/mileage-review.md). */
export {
  refreshTripReview,
  refreshCompanyReviews,
  refreshProviderReviews,
  backfillReviews,
  recomputeRuleReviews,
  companiesBehindRule,
  reviewOf,
  reviewJsonSql,
  reviewOfJson,
  writePayRule,
} from './service';
export { queuePayRuleRecompute } from './routes';
