CREATE TABLE "playbacks" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"content_id" integer,
	"schedule_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistics_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"format" varchar(8) NOT NULL,
	"filters" jsonb NOT NULL,
	"language" varchar(8) NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"row_count" integer,
	"file_name" varchar(200) NOT NULL,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_exports" ADD CONSTRAINT "statistics_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_exports" ADD CONSTRAINT "statistics_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playbacks_company_started_idx" ON "playbacks" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "playbacks_workspace_started_idx" ON "playbacks" USING btree ("workspace_id","started_at");--> statement-breakpoint
CREATE INDEX "playbacks_device_started_idx" ON "playbacks" USING btree ("device_id","started_at");--> statement-breakpoint
CREATE INDEX "playbacks_content_started_idx" ON "playbacks" USING btree ("content_id","started_at");--> statement-breakpoint
CREATE INDEX "playbacks_schedule_started_idx" ON "playbacks" USING btree ("schedule_id","started_at");--> statement-breakpoint
CREATE INDEX "statistics_exports_user_created_idx" ON "statistics_exports" USING btree ("user_id","created_at");