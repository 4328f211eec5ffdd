-- Pay rules are versioned (docs/mileage-review.md "Pay rule"): each review row names the version of
-- its company's rule it was computed under (0: no rule saved). The recompute after a rule save is a
-- job, and an open row behind its company's rule is never approved by rule. Adding the column with a
-- constant default is a catalogue change only (no rewrite of the table).
ALTER TABLE "trip_review" ADD COLUMN "rule_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The open rows already computed with their company's saved basis and tolerance take its version; the
-- others (left on an older rule by a recompute that never finished, or a company without an
-- integration, whose rows say ROUTED) stay behind and the job recomputes them once.
-- Approved rows keep 0: their rule is the one they were approved by (approved_rule).
UPDATE "trip_review" r SET "rule_version" = p."version"
  FROM "company_pay_rules" p
  WHERE p."company_id" = r."company_id" AND r."payable_m" IS NULL AND r."rule_basis" = p."pay_basis" AND r."rule_tolerance_pct" = p."tolerance_pct";
--> statement-breakpoint
-- The open rows behind their company's rule, found per company by the job and the queue's `recomputing` flag.
CREATE INDEX "trip_review_rule_version_idx" ON "trip_review" USING btree ("company_id","rule_version","trip_id") WHERE "trip_review"."payable_m" is null;
