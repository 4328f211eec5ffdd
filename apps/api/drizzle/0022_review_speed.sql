-- The Mileage Review in one unit (docs/decisions/020-one-unit.md): trip_review's distances are
-- metres, every column named for its unit. The routed and actual distances held metres under
-- "meters" names and are only renamed; the suggested and payable figures held miles and are
-- converted in place exactly as `milesToMetres` (packages/geo/src/units.ts) converts:
-- miles / 0.000621371. The queue converts back to miles at the edge.
ALTER TABLE "trip_review" RENAME COLUMN "routed_meters" TO "routed_m";--> statement-breakpoint
ALTER TABLE "trip_review" RENAME COLUMN "actual_meters" TO "actual_m";--> statement-breakpoint
ALTER TABLE "trip_review" RENAME COLUMN "suggested_payable" TO "suggested_payable_m";--> statement-breakpoint
ALTER TABLE "trip_review" RENAME COLUMN "suggested_loaded" TO "suggested_loaded_m";--> statement-breakpoint
ALTER TABLE "trip_review" RENAME COLUMN "suggested_empty" TO "suggested_empty_m";--> statement-breakpoint
ALTER TABLE "trip_review" RENAME COLUMN "payable_mileage" TO "payable_m";--> statement-breakpoint
UPDATE "trip_review" SET
  suggested_payable_m = suggested_payable_m / 0.000621371::float8,
  suggested_loaded_m = suggested_loaded_m / 0.000621371::float8,
  suggested_empty_m = suggested_empty_m / 0.000621371::float8,
  payable_m = payable_m / 0.000621371::float8
WHERE suggested_payable_m IS NOT NULL OR suggested_loaded_m IS NOT NULL OR suggested_empty_m IS NOT NULL OR payable_m IS NOT NULL;
