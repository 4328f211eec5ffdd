-- An estimate that learns (docs/decisions/021-estimate-calibration.md): per company and distance
-- band, the median of actual ÷ great-circle over its completed telematics legs, with the sample
-- size and the spread (p25–p75), refreshed daily by the `estimate-calibration` job.
CREATE TABLE "estimate_calibration" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"band" text NOT NULL,
	"factor" double precision NOT NULL,
	"sample_size" integer NOT NULL,
	"p25" double precision NOT NULL,
	"p75" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_calibration_pk" PRIMARY KEY ("company_id", "band"),
	CONSTRAINT "estimate_calibration_band_check" CHECK ("band" IN ('SHORT', 'LONG'))
);
--> statement-breakpoint
-- What the trip's estimate was computed with (null for HERE figures and trips saved before this).
ALTER TABLE "trips" ADD COLUMN "route_estimate_basis" jsonb;
