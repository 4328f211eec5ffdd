CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"us_dot" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"samsara_token_encrypted" text,
	"samsara_token_hint" text,
	"gle_token_encrypted" text,
	"gle_token_hint" text,
	"samsara_enabled" boolean DEFAULT false NOT NULL,
	"gle_enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"team_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"truck_id" integer,
	"assigned_user_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"home_radius" double precision DEFAULT 0 NOT NULL,
	"shop_radius" double precision DEFAULT 0 NOT NULL,
	"pickup_radius" double precision DEFAULT 0 NOT NULL,
	"trailer_radius" double precision DEFAULT 0 NOT NULL,
	"delivery_radius" double precision DEFAULT 0 NOT NULL,
	"samsara_enabled" boolean DEFAULT false NOT NULL,
	"gle_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_number" text NOT NULL,
	"vin_number" text NOT NULL,
	"samsara_vin" text NOT NULL,
	"vehicle_id" text,
	"licence_plate" text NOT NULL,
	"home_location" text NOT NULL,
	"home_latitude" double precision,
	"home_longitude" double precision,
	"company_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_route_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"trailer_type" text,
	"routing_type" text NOT NULL,
	"distance_unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatchers" ADD CONSTRAINT "dispatchers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_route_settings" ADD CONSTRAINT "user_route_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dispatchers_team_idx" ON "dispatchers" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "dispatchers_name_idx" ON "dispatchers" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "drivers_truck_idx" ON "drivers" USING btree ("truck_id");--> statement-breakpoint
CREATE INDEX "drivers_assigned_user_idx" ON "drivers" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE INDEX "drivers_name_idx" ON "drivers" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_settings_type_key" ON "global_settings" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_reasons_name_key" ON "recovery_reasons" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shops_name_location_key" ON "shops" USING btree (lower("name"),lower("location"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_unit_number_key" ON "trucks" USING btree (lower("unit_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_vin_key" ON "trucks" USING btree (lower("vin_number"));--> statement-breakpoint
CREATE INDEX "trucks_company_idx" ON "trucks" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "trucks_unit_idx" ON "trucks" USING btree ("unit_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_route_settings_user_key" ON "user_route_settings" USING btree ("user_id");