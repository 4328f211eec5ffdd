CREATE TABLE "trip_period_stats" (
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"truck_id" integer NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"route_miles" double precision DEFAULT 0 NOT NULL,
	"route_total_empty" double precision DEFAULT 0 NOT NULL,
	"route_pu" double precision DEFAULT 0 NOT NULL,
	"route_trl" double precision DEFAULT 0 NOT NULL,
	"route_total_miles" double precision DEFAULT 0 NOT NULL,
	"payable_mileage" double precision DEFAULT 0 NOT NULL,
	"empty_miles" double precision DEFAULT 0 NOT NULL,
	"loaded_miles" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "trip_period_stats_period_kind_truck_id_period_start_pk" PRIMARY KEY("period_kind","truck_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "trip_period_stats" ADD CONSTRAINT "trip_period_stats_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;