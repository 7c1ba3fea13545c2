CREATE TABLE "content_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"content_id" integer,
	"item_key" varchar(200) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"message" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "default_program_kind" varchar(16);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "default_program_id" integer;--> statement-breakpoint
ALTER TABLE "content_errors" ADD CONSTRAINT "content_errors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_errors" ADD CONSTRAINT "content_errors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_errors" ADD CONSTRAINT "content_errors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_errors" ADD CONSTRAINT "content_errors_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_errors_company_created_idx" ON "content_errors" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "content_errors_device_created_idx" ON "content_errors" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_default_program_idx" ON "devices" USING btree ("default_program_kind","default_program_id");