-- Each telematics provider's switch and sealed token of a company move out of per-provider
-- columns of `companies` into one row per company and provider (docs/decisions/022-provider-links.md): adding a
-- provider adds rows, not columns. The data moves in place; no row means switched off, no token.
CREATE TABLE "company_providers" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"token_encrypted" text,
	"token_hint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_providers_company_id_provider_pk" PRIMARY KEY ("company_id", "provider")
);
--> statement-breakpoint
CREATE INDEX "company_providers_enabled_idx" ON "company_providers" ("provider", "company_id") WHERE "enabled";
--> statement-breakpoint
INSERT INTO "company_providers" ("company_id", "provider", "enabled", "token_encrypted", "token_hint", "updated_at")
SELECT "id", 'SAMSARA', "samsara_enabled", "samsara_token_encrypted", "samsara_token_hint", "updated_at" FROM "companies"
WHERE "samsara_enabled" OR "samsara_token_encrypted" IS NOT NULL OR "samsara_token_hint" IS NOT NULL
UNION ALL
SELECT "id", 'GLE', "gle_enabled", "gle_token_encrypted", "gle_token_hint", "updated_at" FROM "companies"
WHERE "gle_enabled" OR "gle_token_encrypted" IS NOT NULL OR "gle_token_hint" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "samsara_token_encrypted";
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "samsara_token_hint";
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "gle_token_encrypted";
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "gle_token_hint";
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "samsara_enabled";
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "gle_enabled";
