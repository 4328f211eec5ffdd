-- State miles reads (docs/state-miles.md "Reading").
--
-- A quarter reads its totals as they are: per truck, Central-time quarter of the pickup, state and
-- source, kept by migration 0018's triggers on trip_state_miles next to the monthly totals, in the
-- same statement's order (so a quarter of all trucks reads ~13 000 rows instead of summing ~40 000).
CREATE TABLE "state_miles_quarterly" (
  "truck_id" integer NOT NULL,
  "quarter" date NOT NULL,
  "state" text NOT NULL,
  "source" text NOT NULL,
  "metres" double precision DEFAULT 0 NOT NULL,
  "trips" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "state_miles_quarterly_pkey" PRIMARY KEY ("quarter", "truck_id", "state", "source")
);
--> statement-breakpoint
INSERT INTO state_miles_quarterly (quarter, truck_id, state, source, metres, trips)
  SELECT date_trunc('quarter', month)::date, truck_id, state, source, sum(metres), sum(trips)::int
  FROM state_miles_monthly GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_state_miles_sync_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO state_miles_monthly AS m (month, truck_id, state, source, metres, trips)
    SELECT date_trunc('month', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT 1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM new_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  INSERT INTO state_miles_quarterly AS m (quarter, truck_id, state, source, metres, trips)
    SELECT date_trunc('quarter', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT 1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM new_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (quarter, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_state_miles_sync_monthly_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO state_miles_monthly AS m (month, truck_id, state, source, metres, trips)
    SELECT date_trunc('month', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT -1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM old_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  INSERT INTO state_miles_quarterly AS m (quarter, truck_id, state, source, metres, trips)
    SELECT date_trunc('quarter', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT -1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM old_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (quarter, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_state_miles_sync_monthly_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO state_miles_monthly AS m (month, truck_id, state, source, metres, trips)
    SELECT date_trunc('month', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT -1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM old_rows UNION ALL SELECT 1, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM new_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  INSERT INTO state_miles_quarterly AS m (quarter, truck_id, state, source, metres, trips)
    SELECT date_trunc('quarter', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT -1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM old_rows UNION ALL SELECT 1, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM new_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (quarter, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A custom range sums the trips' rows only for
-- the partial months at its edges, and reads them from this index alone (an index-only scan:
-- pickup and truck to find them, state, source and metres to sum them), replacing 0018's
-- (pickup_date_time, truck_id) index of the same rows.
CREATE INDEX "trip_state_miles_counted_idx" ON "trip_state_miles" ("pickup_date_time", "truck_id") INCLUDE ("state", "source", "metres") WHERE "best" AND NOT "cancelled";
--> statement-breakpoint
DROP INDEX "trip_state_miles_counted_pickup_idx";
