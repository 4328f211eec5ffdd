ALTER TABLE "trip_period_stats" ADD COLUMN "telematics_load_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_period_stats" ADD COLUMN "telematics_route_total_miles" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_period_stats" ADD COLUMN "telematics_miles" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "telematics_miles" double precision;--> statement-breakpoint
-- Planned vs actual on the Reports screen (docs/decisions/011-mileage-reports.md). A trip's actual
-- miles are its telematics TOTAL MILES (Samsara's, else GLE's), copied onto the trip whenever
-- trip_mile_stats changes; the period totals below then follow every trip write as before.
CREATE OR REPLACE FUNCTION trip_mile_stats_sync_trip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips t SET telematics_miles = m.miles
  FROM (
    SELECT ids.id, (
      SELECT s.total_miles FROM trip_mile_stats s
      WHERE s.trip_id = ids.id AND s.source IN ('SAMSARA', 'GLE') AND s.total_miles IS NOT NULL
      ORDER BY s.source = 'SAMSARA' DESC LIMIT 1
    ) AS miles
    FROM (SELECT DISTINCT x FROM (VALUES (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.trip_id END),
      (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.trip_id END)) v(x) WHERE x IS NOT NULL) ids(id)
  ) m
  WHERE t.id = m.id AND t.telematics_miles IS DISTINCT FROM m.miles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_mile_stats_sync_trip_ins AFTER INSERT ON trip_mile_stats
  FOR EACH ROW WHEN (NEW.source <> 'HERE') EXECUTE FUNCTION trip_mile_stats_sync_trip();
--> statement-breakpoint
CREATE TRIGGER trip_mile_stats_sync_trip_upd AFTER UPDATE ON trip_mile_stats
  FOR EACH ROW WHEN ((OLD.trip_id, OLD.source, OLD.total_miles) IS DISTINCT FROM (NEW.trip_id, NEW.source, NEW.total_miles))
  EXECUTE FUNCTION trip_mile_stats_sync_trip();
--> statement-breakpoint
CREATE TRIGGER trip_mile_stats_sync_trip_del AFTER DELETE ON trip_mile_stats
  FOR EACH ROW WHEN (OLD.source <> 'HERE') EXECUTE FUNCTION trip_mile_stats_sync_trip();
--> statement-breakpoint
-- Migration 0009's totals, with the trips that have a telematics figure: their count, their
-- routing's TOTAL MILES and their telematics miles.
CREATE OR REPLACE FUNCTION trips_sync_period_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_period_stats AS s (period_kind, truck_id, period_start, load_count, route_miles, route_total_empty, route_pu,
      route_trl, route_total_miles, payable_mileage, empty_miles, loaded_miles, telematics_load_count, telematics_route_total_miles,
      telematics_miles)
    SELECT k.kind, c.truck_id, k.start, sum(c.sign)::int,
      sum(c.sign * coalesce(c.route_miles, 0)), sum(c.sign * coalesce(c.route_total_empty, 0)), sum(c.sign * coalesce(c.route_pu, 0)),
      sum(c.sign * coalesce(c.route_trl, 0)), sum(c.sign * coalesce(c.route_total_miles, 0)), sum(c.sign * coalesce(c.payable_mileage, 0)),
      sum(c.sign * coalesce(c.empty_miles, 0)), sum(c.sign * coalesce(c.loaded_miles, 0)),
      sum(CASE WHEN c.telematics_miles IS NULL THEN 0 ELSE c.sign END)::int,
      sum(CASE WHEN c.telematics_miles IS NULL THEN 0 ELSE c.sign * coalesce(c.route_total_miles, 0) END),
      sum(c.sign * coalesce(c.telematics_miles, 0))
    FROM (VALUES
      (-1, OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_miles, OLD.route_total_empty, OLD.route_pu, OLD.route_trl,
        OLD.route_total_miles, OLD.payable_mileage, OLD.empty_miles, OLD.loaded_miles, OLD.telematics_miles),
      (1, NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_miles, NEW.route_total_empty, NEW.route_pu, NEW.route_trl,
        NEW.route_total_miles, NEW.payable_mileage, NEW.empty_miles, NEW.loaded_miles, NEW.telematics_miles)
    ) c(sign, truck_id, trip_status, pickup, route_miles, route_total_empty, route_pu, route_trl, route_total_miles, payable_mileage,
        empty_miles, loaded_miles, telematics_miles)
    CROSS JOIN LATERAL (VALUES
      ('MONTH', date_trunc('month', c.pickup AT TIME ZONE 'America/Chicago')::date),
      ('WEEK', date_trunc('week', c.pickup AT TIME ZONE 'America/Chicago')::date)
    ) k(kind, start)
    WHERE c.truck_id IS NOT NULL AND c.trip_status <> 'CANCELLED'
    GROUP BY k.kind, c.truck_id, k.start
    ORDER BY k.kind, c.truck_id, k.start
  ON CONFLICT (period_kind, truck_id, period_start) DO UPDATE SET
    load_count = s.load_count + excluded.load_count,
    route_miles = s.route_miles + excluded.route_miles,
    route_total_empty = s.route_total_empty + excluded.route_total_empty,
    route_pu = s.route_pu + excluded.route_pu,
    route_trl = s.route_trl + excluded.route_trl,
    route_total_miles = s.route_total_miles + excluded.route_total_miles,
    payable_mileage = s.payable_mileage + excluded.payable_mileage,
    empty_miles = s.empty_miles + excluded.empty_miles,
    loaded_miles = s.loaded_miles + excluded.loaded_miles,
    telematics_load_count = s.telematics_load_count + excluded.telematics_load_count,
    telematics_route_total_miles = s.telematics_route_total_miles + excluded.telematics_route_total_miles,
    telematics_miles = s.telematics_miles + excluded.telematics_miles;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER trips_sync_period_stats_upd ON trips;
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_upd AFTER UPDATE ON trips
  FOR EACH ROW WHEN (
    (OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_miles, OLD.route_total_empty, OLD.route_pu, OLD.route_trl,
      OLD.route_total_miles, OLD.payable_mileage, OLD.empty_miles, OLD.loaded_miles, OLD.telematics_miles)
    IS DISTINCT FROM
    (NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_miles, NEW.route_total_empty, NEW.route_pu, NEW.route_trl,
      NEW.route_total_miles, NEW.payable_mileage, NEW.empty_miles, NEW.loaded_miles, NEW.telematics_miles)
  ) EXECUTE FUNCTION trips_sync_period_stats();
--> statement-breakpoint
-- The figures kept already: copied onto their trips, which moves them into the totals.
UPDATE trips t SET telematics_miles = m.miles
FROM (
  SELECT DISTINCT ON (trip_id) trip_id, total_miles AS miles FROM trip_mile_stats
  WHERE source IN ('SAMSARA', 'GLE') AND total_miles IS NOT NULL
  ORDER BY trip_id, source = 'SAMSARA' DESC
) m
WHERE t.id = m.trip_id;
