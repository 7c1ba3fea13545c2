CREATE INDEX "users_company_created_idx" ON "users" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "users_category_idx" ON "users" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "users_active_workspace_idx" ON "users" USING btree ("active_workspace_id");