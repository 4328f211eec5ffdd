-- The names a trip is listed and sorted by live on the trip (truck_unit, driver_name,
-- assigned_user_name, company_name, dispatcher_name). These triggers keep them right: filled on
-- every trip write, and rewritten when a truck, company, driver, user or dispatcher changes name.
CREATE OR REPLACE FUNCTION trips_fill_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.unit_number, c.name INTO NEW.truck_unit, NEW.company_name
    FROM trucks t LEFT JOIN companies c ON c.id = t.company_id WHERE t.id = NEW.truck_id;
  NEW.driver_name := (SELECT d.first_name || ' ' || d.last_name FROM drivers d WHERE d.id = NEW.driver_id);
  NEW.assigned_user_name := (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = NEW.assigned_user_id);
  NEW.dispatcher_name := (SELECT nullif(trim(x.first_name || ' ' || coalesce(x.last_name, '')), '') FROM dispatchers x WHERE x.id = NEW.dispatcher_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_fill_names BEFORE INSERT OR UPDATE OF truck_id, driver_id, assigned_user_id, dispatcher_id ON trips
  FOR EACH ROW EXECUTE FUNCTION trips_fill_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trucks_rename_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET truck_unit = NEW.unit_number, company_name = (SELECT name FROM companies WHERE id = NEW.company_id)
    WHERE truck_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trucks_rename_trips AFTER UPDATE OF unit_number, company_id ON trucks
  FOR EACH ROW WHEN (OLD.unit_number IS DISTINCT FROM NEW.unit_number OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION trucks_rename_trips();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_rename_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET company_name = NEW.name WHERE truck_id IN (SELECT id FROM trucks WHERE company_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_rename_trips AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_rename_trips();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drivers_rename_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET driver_name = NEW.first_name || ' ' || NEW.last_name WHERE driver_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER drivers_rename_trips AFTER UPDATE OF first_name, last_name ON drivers
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION drivers_rename_trips();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_rename_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET assigned_user_name = NEW.first_name || ' ' || NEW.last_name WHERE assigned_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_rename_trips AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION users_rename_trips();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dispatchers_rename_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trips SET dispatcher_name = nullif(trim(NEW.first_name || ' ' || coalesce(NEW.last_name, '')), '') WHERE dispatcher_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dispatchers_rename_trips AFTER UPDATE OF first_name, last_name ON dispatchers
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION dispatchers_rename_trips();
