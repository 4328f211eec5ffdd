-- The providers' ids of trucks and drivers and the TRIP settings' provider switches move out of
-- per-provider columns of `trucks`, `drivers` and `global_settings` into rows keyed by provider,
-- owned by the telematics module (docs/decisions/022-provider-links.md; docs/integrations/telematics.md "Adding a
-- provider"): adding a provider adds rows, not columns. The data moves in place.
-- `trucks.samsara_vin` stays: it is the truck's VIN as the user enters it (the spec's samsaraVin),
-- not an id a provider assigns (docs/decisions/022-provider-links.md).
CREATE TABLE "truck_provider_links" (
	"truck_id" integer NOT NULL REFERENCES "trucks"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_provider_links_truck_id_provider_pk" PRIMARY KEY ("truck_id", "provider")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "truck_provider_links_external_key" ON "truck_provider_links" ("provider", "external_id");
--> statement-breakpoint
CREATE TABLE "driver_provider_links" (
	"driver_id" integer NOT NULL REFERENCES "drivers"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_provider_links_driver_id_provider_pk" PRIMARY KEY ("driver_id", "provider")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "driver_provider_links_external_key" ON "driver_provider_links" ("provider", "external_id");
--> statement-breakpoint
CREATE TABLE "settings_providers" (
	"settings_id" integer NOT NULL REFERENCES "global_settings"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_providers_settings_id_provider_pk" PRIMARY KEY ("settings_id", "provider")
);
--> statement-breakpoint
-- A vehicle id was not unique on trucks (only indexed); should two trucks carry the same one, the
-- most recently updated truck keeps the link and the next sync matches the other by its VIN.
INSERT INTO "truck_provider_links" ("truck_id", "provider", "external_id", "linked_at")
SELECT DISTINCT ON ("vehicle_id") "id", 'SAMSARA', "vehicle_id", "updated_at" FROM "trucks"
WHERE "vehicle_id" IS NOT NULL ORDER BY "vehicle_id", "updated_at" DESC, "id" DESC;
--> statement-breakpoint
INSERT INTO "truck_provider_links" ("truck_id", "provider", "external_id", "linked_at")
SELECT DISTINCT ON ("gle_vehicle_id") "id", 'GLE', "gle_vehicle_id", "updated_at" FROM "trucks"
WHERE "gle_vehicle_id" IS NOT NULL ORDER BY "gle_vehicle_id", "updated_at" DESC, "id" DESC;
--> statement-breakpoint
INSERT INTO "driver_provider_links" ("driver_id", "provider", "external_id", "linked_at")
SELECT "id", 'SAMSARA', "samsara_driver_id", "updated_at" FROM "drivers" WHERE "samsara_driver_id" IS NOT NULL
UNION ALL
SELECT "id", 'GLE', "gle_driver_id", "updated_at" FROM "drivers" WHERE "gle_driver_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "settings_providers" ("settings_id", "provider", "enabled", "updated_at")
SELECT "id", 'SAMSARA', "samsara_enabled", "updated_at" FROM "global_settings" WHERE "samsara_enabled"
UNION ALL
SELECT "id", 'GLE', "gle_enabled", "updated_at" FROM "global_settings" WHERE "gle_enabled";
--> statement-breakpoint
ALTER TABLE "trucks" DROP COLUMN "vehicle_id";
--> statement-breakpoint
ALTER TABLE "trucks" DROP COLUMN "gle_vehicle_id";
--> statement-breakpoint
ALTER TABLE "drivers" DROP COLUMN "samsara_driver_id";
--> statement-breakpoint
ALTER TABLE "drivers" DROP COLUMN "gle_driver_id";
--> statement-breakpoint
ALTER TABLE "global_settings" DROP COLUMN "samsara_enabled";
--> statement-breakpoint
ALTER TABLE "global_settings" DROP COLUMN "gle_enabled";
