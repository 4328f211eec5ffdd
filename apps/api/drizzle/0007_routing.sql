CREATE TABLE "map_tile_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_cache" (
	"signature" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "route_source" text;--> statement-breakpoint
CREATE INDEX "map_tile_cache_created_idx" ON "map_tile_cache" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "route_cache_created_idx" ON "route_cache" USING btree ("created_at");