-- A trip's actual miles (trips.telematics_miles: Samsara's TOTAL MILES, else GLE's) are written by
-- the code that keeps the telematics figures (apps/api/src/modules/telematics/figures.ts), in the
-- same transaction, instead of a trigger on trip_mile_stats (docs/mileage-engine.md). The period
-- totals trigger of migrations 0009/0012 (trips_sync_period_stats) stays.
DROP TRIGGER IF EXISTS trip_mile_stats_sync_trip_ins ON trip_mile_stats;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trip_mile_stats_sync_trip_upd ON trip_mile_stats;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trip_mile_stats_sync_trip_del ON trip_mile_stats;
--> statement-breakpoint
DROP FUNCTION IF EXISTS trip_mile_stats_sync_trip();
--> statement-breakpoint
-- HERE figures are read from the trips' stop legs, never kept: the kept copies go. The telematics
-- figures were kept under the old key (the trip's version); they go too, and the backfill job
-- computes them again from the stored tracks (trips.telematics_miles keeps its value meanwhile).
DELETE FROM trip_mile_stats;
