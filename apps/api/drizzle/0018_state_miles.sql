-- State miles for IFTA (docs/state-miles.md): each trip's metres per jurisdiction and source,
-- written by the API when the trip's route or track changes (never on a read). truck_id,
-- pickup_date_time and cancelled are copied from the trip by the triggers below; best marks the
-- rows of the trip's best source (TELEMATICS, else ROUTE, else ESTIMATE), set by the API.
CREATE TABLE "trip_state_miles" (
  "trip_id" integer NOT NULL REFERENCES "trips"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "state" text NOT NULL,
  "metres" double precision NOT NULL,
  "best" boolean DEFAULT false NOT NULL,
  "computed_from" text NOT NULL,
  "truck_id" integer NOT NULL,
  "pickup_date_time" timestamp with time zone NOT NULL,
  "cancelled" boolean DEFAULT false NOT NULL,
  CONSTRAINT "trip_state_miles_pkey" PRIMARY KEY ("trip_id", "source", "state")
);
--> statement-breakpoint
CREATE INDEX "trip_state_miles_counted_pickup_idx" ON "trip_state_miles" ("pickup_date_time", "truck_id") WHERE "best" AND NOT "cancelled";
--> statement-breakpoint
-- The quarter's totals: per truck, Central-time month of the pickup, state and source, the metres
-- and trips of the rows that count (best source, trip not cancelled). Kept by a trigger on
-- trip_state_miles (per statement) in the same transaction as every write, so a quarter reads a few rows per truck.
CREATE TABLE "state_miles_monthly" (
  "truck_id" integer NOT NULL,
  "month" date NOT NULL,
  "state" text NOT NULL,
  "source" text NOT NULL,
  "metres" double precision DEFAULT 0 NOT NULL,
  "trips" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "state_miles_monthly_pkey" PRIMARY KEY ("month", "truck_id", "state", "source")
);
--> statement-breakpoint
CREATE INDEX "state_miles_monthly_truck_idx" ON "state_miles_monthly" ("truck_id", "month");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trip_state_miles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.truck_id, t.pickup_date_time, t.trip_status = 'CANCELLED'
    INTO NEW.truck_id, NEW.pickup_date_time, NEW.cancelled
    FROM trips t WHERE t.id = NEW.trip_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_state_miles_fill_ins BEFORE INSERT ON trip_state_miles
  FOR EACH ROW EXECUTE FUNCTION trip_state_miles_fill();
--> statement-breakpoint
-- One statement per write: the old rows' figures with -1 and the new rows' with +1, summed per key
-- and written in key order (so two writes never lock the same totals in opposite orders).
CREATE OR REPLACE FUNCTION trip_state_miles_sync_monthly_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO state_miles_monthly AS m (month, truck_id, state, source, metres, trips)
    SELECT date_trunc('month', c.pickup_date_time AT TIME ZONE 'America/Chicago')::date, c.truck_id, c.state, c.source, sum(c.sign * c.metres), sum(c.sign)::int
    FROM (SELECT 1 AS sign, truck_id, pickup_date_time, state, source, metres, best, cancelled FROM new_rows) c
    WHERE c.best AND NOT c.cancelled
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, truck_id, state, source) DO UPDATE SET metres = m.metres + excluded.metres, trips = m.trips + excluded.trips;
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_state_miles_sync_monthly_ins AFTER INSERT ON trip_state_miles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_state_miles_sync_monthly_ins();
--> statement-breakpoint
CREATE TRIGGER trip_state_miles_sync_monthly_del AFTER DELETE ON trip_state_miles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_state_miles_sync_monthly_del();
--> statement-breakpoint
CREATE TRIGGER trip_state_miles_sync_monthly_upd AFTER UPDATE ON trip_state_miles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trip_state_miles_sync_monthly_upd();
--> statement-breakpoint
-- A trip moved to another truck or date, or cancelled (or back), moves its rows' totals.
CREATE OR REPLACE FUNCTION trips_sync_state_miles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trip_state_miles SET truck_id = NEW.truck_id, pickup_date_time = NEW.pickup_date_time, cancelled = NEW.trip_status = 'CANCELLED'
    WHERE trip_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_sync_state_miles_upd AFTER UPDATE ON trips
  FOR EACH ROW WHEN ((OLD.truck_id, OLD.pickup_date_time, OLD.trip_status = 'CANCELLED') IS DISTINCT FROM (NEW.truck_id, NEW.pickup_date_time, NEW.trip_status = 'CANCELLED'))
  EXECUTE FUNCTION trips_sync_state_miles();
