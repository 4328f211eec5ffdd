-- The IFTA return (docs/ifta.md): fuel purchases per truck (US gallons to 3 decimals, as filed: docs/ifta.md "Units"),
-- the fuel card import's column mapping per company, and each quarter's diesel tax rates per jurisdiction.
-- New tables only: nothing existing is rewritten or locked.
CREATE TABLE "fuel_import_mappings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"truck_id" integer NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"jurisdiction" text NOT NULL,
	"gallons" numeric(7, 3) NOT NULL,
	"amount_cents" bigint,
	"vendor" text,
	"city" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ifta_rate_quarters" (
	"quarter" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ifta_rates" (
	"quarter" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"rate_per_gallon" numeric(8, 4) NOT NULL,
	"surcharge_per_gallon" numeric(8, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "ifta_rates_pkey" PRIMARY KEY("quarter","jurisdiction")
);
--> statement-breakpoint
ALTER TABLE "fuel_import_mappings" ADD CONSTRAINT "fuel_import_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_purchases" ADD CONSTRAINT "fuel_purchases_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_rates" ADD CONSTRAINT "ifta_rates_quarter_ifta_rate_quarters_quarter_fk" FOREIGN KEY ("quarter") REFERENCES "public"."ifta_rate_quarters"("quarter") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_purchases_same_key" ON "fuel_purchases" USING btree ("truck_id","purchased_at","gallons");--> statement-breakpoint
CREATE INDEX "fuel_purchases_time_idx" ON "fuel_purchases" USING btree ("purchased_at","id");
