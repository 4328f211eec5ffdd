-- (docs/decisions/015-loaded-by-freight-on-board.md). A stop's load status is either a
-- dispatcher's explicit choice (kept) or the rule's default by freight on board (re-derived on
-- every save and by POST /trips/recompute-routes). Stops saved before this migration took the
-- spec's type table unless a client sent something else: a status other than the table's is
-- counted as a choice someone made.
ALTER TABLE "trip_stops" ADD COLUMN "load_status_explicit" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "trip_stops" SET "load_status_explicit" = true
  WHERE "load_status" <> CASE WHEN "stop_type" IN ('SHOP', 'DELIVERY') THEN 'LOADED' ELSE 'EMPTY' END;
--> statement-breakpoint
-- Pickup Location is the first PICKUP stop and Delivery Location the last DELIVERY stop, each
-- falling back to the first / last stop when the trip has none (kept on the trip for sorting).
UPDATE "trips" t SET
  "pickup_location" = coalesce(
    (SELECT s."address" FROM "trip_stops" s WHERE s."trip_id" = t."id" AND s."stop_type" = 'PICKUP' ORDER BY s."order_index" ASC LIMIT 1),
    (SELECT s."address" FROM "trip_stops" s WHERE s."trip_id" = t."id" ORDER BY s."order_index" ASC LIMIT 1)),
  "delivery_location" = coalesce(
    (SELECT s."address" FROM "trip_stops" s WHERE s."trip_id" = t."id" AND s."stop_type" = 'DELIVERY' ORDER BY s."order_index" DESC LIMIT 1),
    (SELECT s."address" FROM "trip_stops" s WHERE s."trip_id" = t."id" ORDER BY s."order_index" DESC LIMIT 1))
  WHERE EXISTS (SELECT 1 FROM "trip_stops" s WHERE s."trip_id" = t."id");
