ALTER TABLE "devices" ADD COLUMN "storage_quota" bigint;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD COLUMN "push_reason" varchar(64);