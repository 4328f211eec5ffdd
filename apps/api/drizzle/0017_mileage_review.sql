-- Pay rules and the Mileage Review queue (docs/mileage-review.md). A company's rule; no row is the
-- default (ROUTED, 3 %).
CREATE TABLE "company_pay_rules" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"pay_basis" text NOT NULL CHECK ("pay_basis" IN ('ROUTED', 'ACTUAL', 'LOWER', 'HIGHER')),
	"tolerance_pct" double precision NOT NULL CHECK ("tolerance_pct" >= 0 AND "tolerance_pct" <= 25),
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per COMPLETED trip: its review status, flags and suggestion, computed by
-- modules/mileage-review/service.ts whenever the trip's figures or payable miles are stored, so
-- the queue pages, counts and sorts from here with indexes. Distances in metres; the suggested
-- and payable figures in miles, as the trip's manual figures are.
CREATE TABLE "trip_review" (
	"trip_id" integer PRIMARY KEY NOT NULL REFERENCES "trips"("id") ON DELETE CASCADE,
	"company_id" integer,
	"truck_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"end_date_time" timestamp with time zone,
	"status" text NOT NULL CHECK ("status" IN ('NEEDS_REVIEW', 'READY', 'APPROVED')),
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"routed_meters" double precision,
	"route_source" text,
	"actual_meters" double precision,
	"actual_source" text,
	"difference_pct" double precision,
	"rule_basis" text NOT NULL,
	"rule_tolerance_pct" double precision NOT NULL,
	"suggested_from" text,
	"suggested_payable" double precision,
	"suggested_loaded" double precision,
	"suggested_empty" double precision,
	"payable_mileage" double precision,
	"approved_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"approved_at" timestamp with time zone,
	"approved_rule" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trip_review_status_end_idx" ON "trip_review" ("status", "end_date_time", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_company_idx" ON "trip_review" ("company_id", "status", "end_date_time", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_truck_idx" ON "trip_review" ("truck_id", "status", "end_date_time", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_driver_idx" ON "trip_review" ("driver_id", "status", "end_date_time", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_difference_idx" ON "trip_review" ("status", "difference_pct", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_routed_idx" ON "trip_review" ("status", "routed_meters", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_actual_idx" ON "trip_review" ("status", "actual_meters", "trip_id");
--> statement-breakpoint
CREATE INDEX "trip_review_payable_idx" ON "trip_review" ("status", "payable_mileage", "trip_id");
