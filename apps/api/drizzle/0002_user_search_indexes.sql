DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id","id");