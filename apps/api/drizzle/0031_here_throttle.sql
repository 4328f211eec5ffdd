-- HERE's throttle shared by every API instance (docs/routing.md#throttles): one row, written when
-- HERE Routing answers 429 or 503; until "until" no instance calls HERE and routes are the labelled
-- estimate (HERE_THROTTLED / HERE_UNAVAILABLE).
CREATE TABLE "here_throttle" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reason" text NOT NULL,
	"status" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"backoff_s" integer NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "here_throttle_one_row" CHECK ("here_throttle"."id" = 1),
	CONSTRAINT "here_throttle_reason_check" CHECK ("here_throttle"."reason" IN ('HERE_THROTTLED', 'HERE_UNAVAILABLE'))
);
--> statement-breakpoint
-- Why a trip's route figures are an estimate. A nullable column without a default: a catalogue
-- change only. Trips estimated before this migration keep null (their reason was not recorded) and
-- are not recomputed by the retry job; POST /trips/recompute-routes recomputes them on demand.
ALTER TABLE "trips" ADD COLUMN "route_estimate_reason" text;
--> statement-breakpoint
-- The trips the HERE retry job recomputes (every reason but NO_KEY), in id order.
CREATE INDEX "trips_estimate_retry_idx" ON "trips" USING btree ("id") WHERE "trips"."route_estimate_reason" <> 'NO_KEY';
