-- State miles reads (docs/state-miles.md "Reading"): a custom range sums the trips' rows only for
-- the partial months at its edges, and reads them from this index alone (an index-only scan:
-- pickup and truck to find them, state, source and metres to sum them), replacing 0018's
-- (pickup_date_time, truck_id) index of the same rows.
CREATE INDEX "trip_state_miles_counted_idx" ON "trip_state_miles" ("pickup_date_time", "truck_id") INCLUDE ("state", "source", "metres") WHERE "best" AND NOT "cancelled";
--> statement-breakpoint
DROP INDEX "trip_state_miles_counted_pickup_idx";
