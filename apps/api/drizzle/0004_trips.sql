CREATE TABLE "trip_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"column_name" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"order_index" integer NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"stop_type" text NOT NULL,
	"load_status" text NOT NULL,
	"distance" double precision,
	"total_distance" double precision,
	"duration" double precision
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"dispatcher_id" integer,
	"assigned_user_id" integer,
	"identifier_type" text NOT NULL,
	"load_number" text,
	"trailer_number" text,
	"trip_status" text NOT NULL,
	"pickup_date_time" timestamp with time zone NOT NULL,
	"start_date_time" timestamp with time zone,
	"end_date_time" timestamp with time zone,
	"start_odometer" double precision,
	"end_odometer" double precision,
	"empty_miles" double precision,
	"loaded_miles" double precision,
	"payable_mileage" double precision,
	"notes" text,
	"recovery_reason_id" integer,
	"recovery_load_index" integer DEFAULT 0 NOT NULL,
	"is_recovery_load" boolean DEFAULT false NOT NULL,
	"route_miles" double precision,
	"route_total_empty" double precision,
	"route_pu" double precision,
	"route_trl" double precision,
	"route_total_miles" double precision,
	"route_duration" double precision,
	"pickup_location" text,
	"delivery_location" text,
	"truck_unit" text,
	"driver_name" text,
	"assigned_user_name" text,
	"company_name" text,
	"dispatcher_name" text,
	"identifier_value" text GENERATED ALWAYS AS (coalesce("trips"."load_number", "trips"."trailer_number")) STORED,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_history" ADD CONSTRAINT "trip_history_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_history" ADD CONSTRAINT "trip_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_stops" ADD CONSTRAINT "trip_stops_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_dispatcher_id_dispatchers_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."dispatchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_recovery_reason_id_recovery_reasons_id_fk" FOREIGN KEY ("recovery_reason_id") REFERENCES "public"."recovery_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_history_trip_idx" ON "trip_history" USING btree ("trip_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trip_stops_trip_idx" ON "trip_stops" USING btree ("trip_id","order_index");--> statement-breakpoint
CREATE INDEX "trips_truck_idx" ON "trips" USING btree ("truck_id","pickup_date_time");--> statement-breakpoint
CREATE INDEX "trips_driver_idx" ON "trips" USING btree ("driver_id","pickup_date_time");--> statement-breakpoint
CREATE INDEX "trips_assigned_user_idx" ON "trips" USING btree ("assigned_user_id","pickup_date_time");--> statement-breakpoint
CREATE INDEX "trips_pickup_idx" ON "trips" USING btree ("pickup_date_time","id");--> statement-breakpoint
CREATE INDEX "trips_updated_idx" ON "trips" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "trips_status_idx" ON "trips" USING btree ("trip_status","id");--> statement-breakpoint
CREATE INDEX "trips_identifier_prefix_idx" ON "trips" USING btree ("identifier_type",lower("identifier_value") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "trips_sort_truck_unit_idx" ON "trips" USING btree ("truck_unit","id");--> statement-breakpoint
CREATE INDEX "trips_sort_driver_name_idx" ON "trips" USING btree ("driver_name","id");--> statement-breakpoint
CREATE INDEX "trips_sort_assigned_user_name_idx" ON "trips" USING btree ("assigned_user_name","id");--> statement-breakpoint
CREATE INDEX "trips_sort_company_name_idx" ON "trips" USING btree ("company_name","id");--> statement-breakpoint
CREATE INDEX "trips_sort_dispatcher_name_idx" ON "trips" USING btree ("dispatcher_name","id");--> statement-breakpoint
CREATE INDEX "trips_sort_identifier_value_idx" ON "trips" USING btree ("identifier_value","id");--> statement-breakpoint
CREATE INDEX "trips_sort_route_miles_idx" ON "trips" USING btree ("route_miles","id");--> statement-breakpoint
CREATE INDEX "trips_sort_route_total_empty_idx" ON "trips" USING btree ("route_total_empty","id");--> statement-breakpoint
CREATE INDEX "trips_sort_route_pu_idx" ON "trips" USING btree ("route_pu","id");--> statement-breakpoint
CREATE INDEX "trips_sort_route_trl_idx" ON "trips" USING btree ("route_trl","id");--> statement-breakpoint
CREATE INDEX "trips_sort_route_total_miles_idx" ON "trips" USING btree ("route_total_miles","id");--> statement-breakpoint
CREATE INDEX "trips_sort_payable_mileage_idx" ON "trips" USING btree ("payable_mileage","id");--> statement-breakpoint
CREATE INDEX "trips_sort_loaded_miles_idx" ON "trips" USING btree ("loaded_miles","id");--> statement-breakpoint
CREATE INDEX "trips_sort_empty_miles_idx" ON "trips" USING btree ("empty_miles","id");--> statement-breakpoint
CREATE INDEX "trips_sort_pickup_location_idx" ON "trips" USING btree ("pickup_location","id");--> statement-breakpoint
CREATE INDEX "trips_sort_delivery_location_idx" ON "trips" USING btree ("delivery_location","id");