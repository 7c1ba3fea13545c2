ALTER TABLE "ota_plan_devices" ADD COLUMN "reason_code" varchar(32);--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
UPDATE "ota_plan_devices" SET "reason_code" = "reason", "reason" = NULL WHERE "state" = 'skipped';
