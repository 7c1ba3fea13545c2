ALTER TABLE "content_folders" DROP CONSTRAINT "content_folders_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "content_folders" DROP CONSTRAINT "content_folders_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "content_folders" ADD CONSTRAINT "content_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_folders" ADD CONSTRAINT "content_folders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;