-- State miles: the jurisdiction rules each split was computed with (docs/state-miles.md, "When the
-- rules change"; packages/geo jurisdictions.ts JURISDICTION_RULES). Every split stored so far was
-- computed before the water rule: 'shore-25km' (a run of up to 25 km outside every state went to the
-- state on both sides of it). Adding the column with a constant default is a catalogue change only
-- (no rewrite of the table); the default is then dropped, so every new split names its rules.
-- The background backfill computes the ESTIMATE and TELEMATICS splits of older rules again;
-- ROUTE splits keep theirs (HERE's line is not stored).
ALTER TABLE "trip_state_miles" ADD COLUMN "rules" text DEFAULT 'shore-25km' NOT NULL;
--> statement-breakpoint
ALTER TABLE "trip_state_miles" ALTER COLUMN "rules" DROP DEFAULT;
--> statement-breakpoint
-- The splits the backfill computes again, found in (rules, trip) order: ROUTE rows are never among them.
CREATE INDEX "trip_state_miles_rules_idx" ON "trip_state_miles" ("rules", "trip_id") WHERE "source" <> 'ROUTE';
