-- Reports say where their route miles came from and how many trips have no payable yet
-- (docs/product/admin.md "Reports"): per truck and period, the trips whose route figures are an estimate (no HERE
-- route) and the trips without a Payable Mileage, kept by the period trigger like every other sum.
ALTER TABLE "trip_period_stats" ADD COLUMN "estimate_load_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_period_stats" ADD COLUMN "no_payable_load_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP TRIGGER IF EXISTS trips_sync_period_stats_upd ON trips;--> statement-breakpoint
CREATE OR REPLACE FUNCTION trips_sync_period_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_period_stats AS s (period_kind, truck_id, period_start, load_count, route_m, route_total_empty_m, route_pu_m,
      route_trl_m, route_total_m, payable_m, empty_m, loaded_m, telematics_load_count, telematics_route_total_m, telematics_m,
      estimate_load_count, no_payable_load_count)
    SELECT k.kind, c.truck_id, k.start, sum(c.sign)::int,
      sum(c.sign * coalesce(c.route_m, 0)), sum(c.sign * coalesce(c.route_total_empty_m, 0)), sum(c.sign * coalesce(c.route_pu_m, 0)),
      sum(c.sign * coalesce(c.route_trl_m, 0)), sum(c.sign * coalesce(c.route_total_m, 0)), sum(c.sign * coalesce(c.payable_m, 0)),
      sum(c.sign * coalesce(c.empty_m, 0)), sum(c.sign * coalesce(c.loaded_m, 0)),
      sum(CASE WHEN c.telematics_m IS NULL THEN 0 ELSE c.sign END)::int,
      sum(CASE WHEN c.telematics_m IS NULL THEN 0 ELSE c.sign * coalesce(c.route_total_m, 0) END),
      sum(c.sign * coalesce(c.telematics_m, 0)),
      sum(CASE WHEN c.route_source = 'ESTIMATE' THEN c.sign ELSE 0 END)::int,
      sum(CASE WHEN c.payable_m IS NULL THEN c.sign ELSE 0 END)::int
    FROM (VALUES
      (-1, OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_m, OLD.route_total_empty_m, OLD.route_pu_m, OLD.route_trl_m,
        OLD.route_total_m, OLD.payable_m, OLD.empty_m, OLD.loaded_m, OLD.telematics_m, OLD.route_source),
      (1, NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_m, NEW.route_total_empty_m, NEW.route_pu_m, NEW.route_trl_m,
        NEW.route_total_m, NEW.payable_m, NEW.empty_m, NEW.loaded_m, NEW.telematics_m, NEW.route_source)
    ) c(sign, truck_id, trip_status, pickup, route_m, route_total_empty_m, route_pu_m, route_trl_m, route_total_m, payable_m,
        empty_m, loaded_m, telematics_m, route_source)
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
    telematics_m = s.telematics_m + excluded.telematics_m,
    estimate_load_count = s.estimate_load_count + excluded.estimate_load_count,
    no_payable_load_count = s.no_payable_load_count + excluded.no_payable_load_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_upd AFTER UPDATE ON trips
  FOR EACH ROW WHEN (
    (OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_m, OLD.route_total_empty_m, OLD.route_pu_m, OLD.route_trl_m,
      OLD.route_total_m, OLD.payable_m, OLD.empty_m, OLD.loaded_m, OLD.telematics_m, OLD.route_source)
    IS DISTINCT FROM
    (NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_m, NEW.route_total_empty_m, NEW.route_pu_m, NEW.route_trl_m,
      NEW.route_total_m, NEW.payable_m, NEW.empty_m, NEW.loaded_m, NEW.telematics_m, NEW.route_source)
  ) EXECUTE FUNCTION trips_sync_period_stats();
--> statement-breakpoint
-- The stored trips' counts, in the trigger's periods.
UPDATE trip_period_stats s SET estimate_load_count = c.estimates, no_payable_load_count = c.no_payable
  FROM (
    SELECT k.kind, t.truck_id, k.start,
      count(*) FILTER (WHERE t.route_source = 'ESTIMATE')::int AS estimates,
      count(*) FILTER (WHERE t.payable_m IS NULL)::int AS no_payable
    FROM trips t
    CROSS JOIN LATERAL (VALUES
      ('MONTH', date_trunc('month', t.pickup_date_time AT TIME ZONE 'America/Chicago')::date),
      ('WEEK', date_trunc('week', t.pickup_date_time AT TIME ZONE 'America/Chicago')::date)
    ) k(kind, start)
    WHERE t.trip_status <> 'CANCELLED'
    GROUP BY k.kind, t.truck_id, k.start
  ) c
  WHERE s.period_kind = c.kind AND s.truck_id = c.truck_id AND s.period_start = c.start;
