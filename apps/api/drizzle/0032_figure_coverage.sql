-- Figures that say how sure they are (docs/mileage-review.md "Coverage", docs/state-miles.md).
-- The review row keeps the actual source's coverage as kept with its figure ({ legs, legsMeasured,
-- pct }), so the queue shows it without reading trip_mile_stats. Null until the row is computed
-- again: the background backfill keeps every figure of an older engine again (ENGINE_VERSION),
-- and refreshes its review row in the same transaction.
ALTER TABLE "trip_review" ADD COLUMN "actual_coverage" jsonb;
--> statement-breakpoint
-- A GPS split whose track did not measure every leg is kept and shown, never counted: the trip
-- counts by its route. A constant default is a catalogue change only (no rewrite).
ALTER TABLE "trip_state_miles" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A split's source says where its miles came from: GPS (the track), ROUTE (HERE's route) or
-- ESTIMATE (straight lines). TELEMATICS becomes GPS; the statement triggers of migrations 0018 and
-- 0023 move the monthly and quarterly totals with the rows, in this transaction.
UPDATE "trip_state_miles" SET "source" = 'GPS' WHERE "source" = 'TELEMATICS';
--> statement-breakpoint
DELETE FROM "state_miles_monthly" WHERE "source" = 'TELEMATICS' AND "trips" = 0;
--> statement-breakpoint
DELETE FROM "state_miles_quarterly" WHERE "source" = 'TELEMATICS' AND "trips" = 0;
--> statement-breakpoint
-- The TELEMATICS splits are computed again without scaling to the measured legs: marked with an
-- older rules' name, the background backfill (backfillStateMiles) recomputes them from the track.
UPDATE "trip_state_miles" SET "rules" = 'scaled-gps' WHERE "source" = 'GPS';
