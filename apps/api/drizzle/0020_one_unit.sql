-- One unit (docs/decisions/020-one-unit.md): distances in metres and durations in seconds in the
-- database, every such column named for its unit. The routing columns held metres under mile
-- names and are only renamed; the manual figures, the odometers, the telematics figures and their
-- period sums held miles and are converted in place with the spec's factor, exactly as
-- `milesToMetres` (packages/geo/src/units.ts) converts: miles / 0.000621371.
-- The period totals trigger (migrations 0009/0012) is dropped first, so converting the trips does
-- not move the totals; the totals are converted by themselves, and the trigger comes back reading
-- the new columns.
DROP TRIGGER IF EXISTS trips_sync_period_stats_ins_del ON trips;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trips_sync_period_stats_upd ON trips;
--> statement-breakpoint
DROP FUNCTION IF EXISTS trips_sync_period_stats();
--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_miles" TO "route_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_total_empty" TO "route_total_empty_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_pu" TO "route_pu_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_trl" TO "route_trl_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_total_miles" TO "route_total_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "route_duration" TO "route_duration_s";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "empty_miles" TO "empty_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "loaded_miles" TO "loaded_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "payable_mileage" TO "payable_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "start_odometer" TO "start_odometer_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "end_odometer" TO "end_odometer_m";--> statement-breakpoint
ALTER TABLE "trips" RENAME COLUMN "telematics_miles" TO "telematics_m";--> statement-breakpoint
ALTER INDEX "trips_sort_route_miles_idx" RENAME TO "trips_sort_route_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_route_total_empty_idx" RENAME TO "trips_sort_route_total_empty_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_route_pu_idx" RENAME TO "trips_sort_route_pu_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_route_trl_idx" RENAME TO "trips_sort_route_trl_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_route_total_miles_idx" RENAME TO "trips_sort_route_total_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_payable_mileage_idx" RENAME TO "trips_sort_payable_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_loaded_miles_idx" RENAME TO "trips_sort_loaded_m_idx";--> statement-breakpoint
ALTER INDEX "trips_sort_empty_miles_idx" RENAME TO "trips_sort_empty_m_idx";--> statement-breakpoint
UPDATE trips SET
  empty_m = empty_m / 0.000621371::float8,
  loaded_m = loaded_m / 0.000621371::float8,
  payable_m = payable_m / 0.000621371::float8,
  start_odometer_m = start_odometer_m / 0.000621371::float8,
  end_odometer_m = end_odometer_m / 0.000621371::float8,
  telematics_m = telematics_m / 0.000621371::float8
WHERE empty_m IS NOT NULL OR loaded_m IS NOT NULL OR payable_m IS NOT NULL OR start_odometer_m IS NOT NULL
  OR end_odometer_m IS NOT NULL OR telematics_m IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "route_miles" TO "route_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "route_total_empty" TO "route_total_empty_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "route_pu" TO "route_pu_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "route_trl" TO "route_trl_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "route_total_miles" TO "route_total_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "payable_mileage" TO "payable_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "empty_miles" TO "empty_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "loaded_miles" TO "loaded_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "telematics_route_total_miles" TO "telematics_route_total_m";--> statement-breakpoint
ALTER TABLE "trip_period_stats" RENAME COLUMN "telematics_miles" TO "telematics_m";--> statement-breakpoint
UPDATE trip_period_stats SET
  payable_m = payable_m / 0.000621371::float8,
  empty_m = empty_m / 0.000621371::float8,
  loaded_m = loaded_m / 0.000621371::float8,
  telematics_m = telematics_m / 0.000621371::float8;
--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "miles" TO "loaded_m";--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "total_empty" TO "total_empty_m";--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "pu" TO "pu_m";--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "trl" TO "trl_m";--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "total_miles" TO "total_m";--> statement-breakpoint
ALTER TABLE "trip_mile_stats" RENAME COLUMN "total_odometers" TO "total_odometers_m";--> statement-breakpoint
UPDATE trip_mile_stats SET
  loaded_m = loaded_m / 0.000621371::float8,
  total_empty_m = total_empty_m / 0.000621371::float8,
  pu_m = pu_m / 0.000621371::float8,
  trl_m = trl_m / 0.000621371::float8,
  total_m = total_m / 0.000621371::float8,
  total_odometers_m = total_odometers_m / 0.000621371::float8;
--> statement-breakpoint
-- Migration 0012's period totals, on the renamed columns (all metres now).
CREATE FUNCTION trips_sync_period_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_period_stats AS s (period_kind, truck_id, period_start, load_count, route_m, route_total_empty_m, route_pu_m,
      route_trl_m, route_total_m, payable_m, empty_m, loaded_m, telematics_load_count, telematics_route_total_m, telematics_m)
    SELECT k.kind, c.truck_id, k.start, sum(c.sign)::int,
      sum(c.sign * coalesce(c.route_m, 0)), sum(c.sign * coalesce(c.route_total_empty_m, 0)), sum(c.sign * coalesce(c.route_pu_m, 0)),
      sum(c.sign * coalesce(c.route_trl_m, 0)), sum(c.sign * coalesce(c.route_total_m, 0)), sum(c.sign * coalesce(c.payable_m, 0)),
      sum(c.sign * coalesce(c.empty_m, 0)), sum(c.sign * coalesce(c.loaded_m, 0)),
      sum(CASE WHEN c.telematics_m IS NULL THEN 0 ELSE c.sign END)::int,
      sum(CASE WHEN c.telematics_m IS NULL THEN 0 ELSE c.sign * coalesce(c.route_total_m, 0) END),
      sum(c.sign * coalesce(c.telematics_m, 0))
    FROM (VALUES
      (-1, OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_m, OLD.route_total_empty_m, OLD.route_pu_m, OLD.route_trl_m,
        OLD.route_total_m, OLD.payable_m, OLD.empty_m, OLD.loaded_m, OLD.telematics_m),
      (1, NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_m, NEW.route_total_empty_m, NEW.route_pu_m, NEW.route_trl_m,
        NEW.route_total_m, NEW.payable_m, NEW.empty_m, NEW.loaded_m, NEW.telematics_m)
    ) c(sign, truck_id, trip_status, pickup, route_m, route_total_empty_m, route_pu_m, route_trl_m, route_total_m, payable_m,
        empty_m, loaded_m, telematics_m)
    CROSS JOIN LATERAL (VALUES
      ('MONTH', date_trunc('month', c.pickup AT TIME ZONE 'America/Chicago')::date),
      ('WEEK', date_trunc('week', c.pickup AT TIME ZONE 'America/Chicago')::date)
    ) k(kind, start)
    WHERE c.truck_id IS NOT NULL AND c.trip_status <> 'CANCELLED'
    GROUP BY k.kind, c.truck_id, k.start
    ORDER BY k.kind, c.truck_id, k.start
  ON CONFLICT (period_kind, truck_id, period_start) DO UPDATE SET
    load_count = s.load_count + excluded.load_count,
    route_m = s.route_m + excluded.route_m,
    route_total_empty_m = s.route_total_empty_m + excluded.route_total_empty_m,
    route_pu_m = s.route_pu_m + excluded.route_pu_m,
    route_trl_m = s.route_trl_m + excluded.route_trl_m,
    route_total_m = s.route_total_m + excluded.route_total_m,
    payable_m = s.payable_m + excluded.payable_m,
    empty_m = s.empty_m + excluded.empty_m,
    loaded_m = s.loaded_m + excluded.loaded_m,
    telematics_load_count = s.telematics_load_count + excluded.telematics_load_count,
    telematics_route_total_m = s.telematics_route_total_m + excluded.telematics_route_total_m,
    telematics_m = s.telematics_m + excluded.telematics_m;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_ins_del AFTER INSERT OR DELETE ON trips
  FOR EACH ROW EXECUTE FUNCTION trips_sync_period_stats();
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_upd AFTER UPDATE ON trips
  FOR EACH ROW WHEN (
    (OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_m, OLD.route_total_empty_m, OLD.route_pu_m, OLD.route_trl_m,
      OLD.route_total_m, OLD.payable_m, OLD.empty_m, OLD.loaded_m, OLD.telematics_m)
    IS DISTINCT FROM
    (NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_m, NEW.route_total_empty_m, NEW.route_pu_m, NEW.route_trl_m,
      NEW.route_total_m, NEW.payable_m, NEW.empty_m, NEW.loaded_m, NEW.telematics_m)
  ) EXECUTE FUNCTION trips_sync_period_stats();
