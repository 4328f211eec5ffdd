-- docs/decisions/014-background-jobs.md: a sync run holds a lease that it renews while alive, so a run whose instance died is
-- seen as stalled and taken over; what a run skipped and where it stopped paging is kept.
ALTER TABLE "integration_sync_status" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "integration_sync_status" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_sync_status" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_sync_status" ADD COLUMN "notice" text;--> statement-breakpoint
-- A run already RUNNING gets a short lease from its last sign of life: if nothing renews it, it is stalled.
UPDATE "integration_sync_status" SET "lease_until" = "updated_at" + interval '2 minutes' WHERE "state" = 'RUNNING';--> statement-breakpoint
-- Provider driver ids are kept per company ("<companyId>:<id>"): one company's sync never finds another's driver.
UPDATE "drivers" d SET "samsara_driver_id" = t."company_id" || ':' || d."samsara_driver_id" FROM "trucks" t WHERE t."id" = d."truck_id" AND t."company_id" IS NOT NULL AND d."samsara_driver_id" IS NOT NULL;--> statement-breakpoint
UPDATE "drivers" d SET "gle_driver_id" = t."company_id" || ':' || d."gle_driver_id" FROM "trucks" t WHERE t."id" = d."truck_id" AND t."company_id" IS NOT NULL AND d."gle_driver_id" IS NOT NULL;--> statement-breakpoint
-- A linked driver of no company cannot be scoped: it is unlinked and found again by name by its company's next sync.
UPDATE "drivers" SET "samsara_driver_id" = NULL WHERE "samsara_driver_id" IS NOT NULL AND "samsara_driver_id" NOT LIKE '%:%';--> statement-breakpoint
UPDATE "drivers" SET "gle_driver_id" = NULL WHERE "gle_driver_id" IS NOT NULL AND "gle_driver_id" NOT LIKE '%:%';
