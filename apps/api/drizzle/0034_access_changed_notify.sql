-- Each API instance keeps the signed-in principals it checked (user, sign-in, enabled permissions
-- of the role) in memory, so a request needs no database round trip for its sign-in check
-- (docs/decisions/002-sessions-and-tokens.md, "The sign-in check per request"). Any change to the
-- five tables that check reads — a sign-in revoked or started, a user deactivated, a role switched
-- off, a permission granted, withdrawn or disabled — tells every instance to forget them, by a
-- NOTIFY on the channel milepost_access_changed that PostgreSQL delivers to every listening
-- instance when the change commits (PGlite: to its one process). One notification per statement,
-- not per row: the instances forget everything, so which rows changed does not matter.
CREATE OR REPLACE FUNCTION milepost_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('milepost_access_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION milepost_access_changed();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION milepost_access_changed();
--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION milepost_access_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION milepost_access_changed();
--> statement-breakpoint
CREATE TRIGGER permissions_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION milepost_access_changed();
