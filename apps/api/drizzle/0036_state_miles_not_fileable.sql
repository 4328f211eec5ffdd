-- The not fileable trips of a State miles period (docs/state-miles.md "Reading"): the trips whose
-- best split is a straight-line estimate, listed apart and counted. They were read through the
-- index of every row that counts (all sources), which for a quarter of all trucks is every split
-- of the quarter; this index holds the estimate rows only, in pickup then trip order, so the list
-- of the first trips stops early and the count reads the estimate rows alone.
CREATE INDEX "trip_state_miles_estimate_idx" ON "trip_state_miles" USING btree ("pickup_date_time", "trip_id") INCLUDE ("truck_id", "metres") WHERE "trip_state_miles"."best" AND NOT "trip_state_miles"."cancelled" AND "trip_state_miles"."source" = 'ESTIMATE';
