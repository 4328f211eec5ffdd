-- Review flags that carry their figures (docs/mileage-review.md "Rows of an older flags version").
-- Since flags carry `params` (distances in metres, places, legs), every screen writes a flag's
-- sentence in its user's unit; rows written before keep only a miles sentence. Each row now names
-- the version of its flags' shape (REVIEW_FLAGS_VERSION, modules/mileage-review/flags.ts): the
-- rows with a flag without params are marked 0, and the background backfill (backfillReviews, the
-- job mile-stats-backfill) computes them again with refreshTripReview. A constant default is a
-- catalogue change only (no rewrite); it is then dropped, so every write names its version.
ALTER TABLE "trip_review" ADD COLUMN "flags_version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "trip_review" ALTER COLUMN "flags_version" DROP DEFAULT;
--> statement-breakpoint
UPDATE "trip_review" SET "flags_version" = 0
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("flags") f WHERE NOT (f ? 'params'));
--> statement-breakpoint
-- The rows behind, found by the backfill in trip order; small (empty once they are recomputed).
CREATE INDEX "trip_review_flags_version_idx" ON "trip_review" USING btree ("trip_id") WHERE "trip_review"."flags_version" < 1;
