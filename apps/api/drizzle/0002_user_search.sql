DROP INDEX "users_role_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."email" || ' ' || translate("users"."email", '@.', '  '))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "users_active_idx" ON "users" USING btree ("active","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id","id");