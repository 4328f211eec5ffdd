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
--> statement-breakpoint
-- The queue over a million trips (bench/cases/mileage-review.ts): a filter by period or by
-- company reads its range of the status's end-date index and sorts it there, so these carry the
-- sort columns (an index-only scan, no visit to the rows); a company sorted by a figure walks its
-- own index in that order.
DROP INDEX IF EXISTS "trip_review_status_end_idx";--> statement-breakpoint
CREATE INDEX "trip_review_status_end_idx" ON "trip_review" ("status", "end_date_time", "trip_id") INCLUDE ("difference_pct", "routed_m", "actual_m", "payable_m");--> statement-breakpoint
DROP INDEX IF EXISTS "trip_review_company_idx";--> statement-breakpoint
CREATE INDEX "trip_review_company_idx" ON "trip_review" ("company_id", "status", "end_date_time", "trip_id") INCLUDE ("difference_pct", "routed_m", "actual_m", "payable_m");--> statement-breakpoint
CREATE INDEX "trip_review_company_difference_idx" ON "trip_review" ("company_id", "status", "difference_pct", "trip_id");--> statement-breakpoint
CREATE INDEX "trip_review_company_routed_idx" ON "trip_review" ("company_id", "status", "routed_m", "trip_id");--> statement-breakpoint
CREATE INDEX "trip_review_company_actual_idx" ON "trip_review" ("company_id", "status", "actual_m", "trip_id");--> statement-breakpoint
CREATE INDEX "trip_review_company_payable_idx" ON "trip_review" ("company_id", "status", "payable_m", "trip_id");
--> statement-breakpoint
-- The tabs' counts: review rows per company and status, kept equal to trip_review by the
-- statement triggers below (every writer — refreshTripReview, the approval, a trip's removal —
-- moves them in the same transaction), so the counts of the whole queue or of one company are
-- read from a few rows. company_id 0: trucks without a company. One statement per write: the old
-- rows with -1 and the new with +1, summed per key and written in key order (two writes never
-- lock the same counts in opposite orders); a write that moves no row between keys writes nothing.
CREATE TABLE "trip_review_counts" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"trips" bigint NOT NULL,
	CONSTRAINT "trip_review_counts_pkey" PRIMARY KEY ("company_id", "status")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_review_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_review_counts AS c (company_id, status, trips)
    SELECT coalesce(company_id, 0), status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, status) DO UPDATE SET trips = c.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_review_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_review_counts AS c (company_id, status, trips)
    SELECT coalesce(company_id, 0), status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, status) DO UPDATE SET trips = c.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_review_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_review_counts AS c (company_id, status, trips)
    SELECT k.company_id, k.status, sum(k.sign)
    FROM (SELECT coalesce(company_id, 0) AS company_id, status, -1 AS sign FROM old_rows
          UNION ALL SELECT coalesce(company_id, 0), status, 1 FROM new_rows) k
    GROUP BY 1, 2 HAVING sum(k.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (company_id, status) DO UPDATE SET trips = c.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_review_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trip_review_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_review_counts_ins AFTER INSERT ON trip_review
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_review_counts_ins();
--> statement-breakpoint
CREATE TRIGGER trip_review_counts_del AFTER DELETE ON trip_review
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_review_counts_del();
--> statement-breakpoint
CREATE TRIGGER trip_review_counts_upd AFTER UPDATE ON trip_review
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_review_counts_upd();
--> statement-breakpoint
CREATE TRIGGER trip_review_counts_truncate AFTER TRUNCATE ON trip_review
  FOR EACH STATEMENT EXECUTE FUNCTION trip_review_counts_truncate();
--> statement-breakpoint
-- The counts of the rows that exist already.
INSERT INTO trip_review_counts (company_id, status, trips)
  SELECT coalesce(company_id, 0), status, count(*) FROM trip_review GROUP BY 1, 2;
