/** What other modules use of the Mileage Review (docs/mileage-review.md). */
export {
  refreshTripReview,
  refreshCompanyReviews,
  refreshProviderReviews,
  backfillReviews,
  recomputeOldFlagReviews,
  recomputeRuleReviews,
  companiesBehindRule,
  reviewOf,
  reviewJsonSql,
  reviewOfJson,
  writePayRule,
  type TripReview,
} from './service';
export { queuePayRuleRecompute } from './routes';
export { REVIEW_FLAGS_VERSION } from './flags';
