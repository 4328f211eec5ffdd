-- Positions of a sampled telematics provider (GLE has no history endpoint; Milepost polls its
-- current positions and appends them here; docs/integrations/gle.md "Positions"). A new, empty
-- table: no data moves. Deduplicated on the time as the provider sent it (the primary key).
CREATE TABLE "vehicle_positions" (
	"truck_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_positions_truck_id_provider_reported_at_pk" PRIMARY KEY("truck_id","provider","reported_at")
);
--> statement-breakpoint
ALTER TABLE "vehicle_positions" ADD CONSTRAINT "vehicle_positions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_positions_track_idx" ON "vehicle_positions" USING btree ("truck_id","provider","at");--> statement-breakpoint
CREATE INDEX "vehicle_positions_at_idx" ON "vehicle_positions" USING btree ("at");
