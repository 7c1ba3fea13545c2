ALTER TABLE "ota_plan_devices" ADD COLUMN "from_version" varchar(32);--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD CONSTRAINT "ota_plan_devices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD CONSTRAINT "ota_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_plan_devices_approved_idx" ON "ota_plan_devices" USING btree ("approved_at");