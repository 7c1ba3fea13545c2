DROP INDEX "devices_company_created_idx";--> statement-breakpoint
CREATE INDEX "devices_company_created_idx" ON "devices" USING btree ("company_id","created_at","id");