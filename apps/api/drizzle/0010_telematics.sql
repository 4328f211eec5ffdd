CREATE TABLE "integration_sync_status" (
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"vehicles" integer DEFAULT 0 NOT NULL,
	"drivers" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_sync_status_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
CREATE TABLE "trip_mile_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"source" text NOT NULL,
	"miles" double precision,
	"total_empty" double precision,
	"pu" double precision,
	"trl" double precision,
	"total_miles" double precision,
	"total_odometers" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inputs_key" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "trip_tracks" (
	"trip_id" integer NOT NULL,
	"source" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"fetched_to" timestamp with time zone NOT NULL,
	"point_count" integer NOT NULL,
	"polyline" text NOT NULL,
	"speeds" "bytea" NOT NULL,
	"odometer_count" integer NOT NULL,
	"odometer_times" "bytea" NOT NULL,
	"odometer_meters" "bytea" NOT NULL,
	"odometer_kind" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_tracks_trip_id_source_pk" PRIMARY KEY("trip_id","source")
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "samsara_driver_id" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "gle_driver_id" text;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "gle_vehicle_id" text;--> statement-breakpoint
ALTER TABLE "integration_sync_status" ADD CONSTRAINT "integration_sync_status_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_mile_stats" ADD CONSTRAINT "trip_mile_stats_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_tracks" ADD CONSTRAINT "trip_tracks_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_mile_stats_trip_source_key" ON "trip_mile_stats" USING btree ("trip_id","source");--> statement-breakpoint
CREATE INDEX "trip_mile_stats_computed_idx" ON "trip_mile_stats" USING btree ("computed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_samsara_id_key" ON "drivers" USING btree ("samsara_driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_gle_id_key" ON "drivers" USING btree ("gle_driver_id");--> statement-breakpoint
CREATE INDEX "trucks_samsara_vin_idx" ON "trucks" USING btree (lower("samsara_vin"));--> statement-breakpoint
CREATE INDEX "trucks_vehicle_id_idx" ON "trucks" USING btree ("vehicle_id");