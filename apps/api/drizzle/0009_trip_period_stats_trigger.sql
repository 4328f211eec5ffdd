-- Keeps trip_period_stats (the Reports screen's totals per truck, Central-time week and month of
-- the pickup) equal to the sums over trips that are not cancelled. One statement per trip write
-- applies the old row's figures with -1 and the new row's with +1, summed per key and written in
-- key order, so two writes never lock the same totals in opposite orders. Writes that change no
-- figure, truck, status or pickup time (names, notes, odometers …) skip it.
CREATE OR REPLACE FUNCTION trips_sync_period_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trip_period_stats AS s (period_kind, truck_id, period_start, load_count, route_miles, route_total_empty, route_pu,
      route_trl, route_total_miles, payable_mileage, empty_miles, loaded_miles)
    SELECT k.kind, c.truck_id, k.start, sum(c.sign)::int,
      sum(c.sign * coalesce(c.route_miles, 0)), sum(c.sign * coalesce(c.route_total_empty, 0)), sum(c.sign * coalesce(c.route_pu, 0)),
      sum(c.sign * coalesce(c.route_trl, 0)), sum(c.sign * coalesce(c.route_total_miles, 0)), sum(c.sign * coalesce(c.payable_mileage, 0)),
      sum(c.sign * coalesce(c.empty_miles, 0)), sum(c.sign * coalesce(c.loaded_miles, 0))
    FROM (VALUES
      (-1, OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_miles, OLD.route_total_empty, OLD.route_pu, OLD.route_trl,
        OLD.route_total_miles, OLD.payable_mileage, OLD.empty_miles, OLD.loaded_miles),
      (1, NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_miles, NEW.route_total_empty, NEW.route_pu, NEW.route_trl,
        NEW.route_total_miles, NEW.payable_mileage, NEW.empty_miles, NEW.loaded_miles)
    ) c(sign, truck_id, trip_status, pickup, route_miles, route_total_empty, route_pu, route_trl, route_total_miles, payable_mileage,
        empty_miles, loaded_miles)
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
    loaded_miles = s.loaded_miles + excluded.loaded_miles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_ins_del AFTER INSERT OR DELETE ON trips
  FOR EACH ROW EXECUTE FUNCTION trips_sync_period_stats();
--> statement-breakpoint
CREATE TRIGGER trips_sync_period_stats_upd AFTER UPDATE ON trips
  FOR EACH ROW WHEN (
    (OLD.truck_id, OLD.trip_status, OLD.pickup_date_time, OLD.route_miles, OLD.route_total_empty, OLD.route_pu, OLD.route_trl,
      OLD.route_total_miles, OLD.payable_mileage, OLD.empty_miles, OLD.loaded_miles)
    IS DISTINCT FROM
    (NEW.truck_id, NEW.trip_status, NEW.pickup_date_time, NEW.route_miles, NEW.route_total_empty, NEW.route_pu, NEW.route_trl,
      NEW.route_total_miles, NEW.payable_mileage, NEW.empty_miles, NEW.loaded_miles)
  ) EXECUTE FUNCTION trips_sync_period_stats();
--> statement-breakpoint
-- The totals of the trips that exist already.
INSERT INTO trip_period_stats (period_kind, truck_id, period_start, load_count, route_miles, route_total_empty, route_pu, route_trl,
    route_total_miles, payable_mileage, empty_miles, loaded_miles)
  SELECT k.kind, t.truck_id, k.start, count(*)::int,
    coalesce(sum(t.route_miles), 0), coalesce(sum(t.route_total_empty), 0), coalesce(sum(t.route_pu), 0), coalesce(sum(t.route_trl), 0),
    coalesce(sum(t.route_total_miles), 0), coalesce(sum(t.payable_mileage), 0), coalesce(sum(t.empty_miles), 0),
    coalesce(sum(t.loaded_miles), 0)
  FROM trips t
  CROSS JOIN LATERAL (VALUES
    ('MONTH', date_trunc('month', t.pickup_date_time AT TIME ZONE 'America/Chicago')::date),
    ('WEEK', date_trunc('week', t.pickup_date_time AT TIME ZONE 'America/Chicago')::date)
  ) k(kind, start)
  WHERE t.trip_status <> 'CANCELLED'
  GROUP BY k.kind, t.truck_id, k.start;
