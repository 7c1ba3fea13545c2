CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_company_date_unique" UNIQUE("company_id","date")
);
--> statement-breakpoint
CREATE TABLE "schedule_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_devices" (
	"schedule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"push_status" varchar(8),
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"pushed_at" timestamp with time zone,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "schedule_devices_schedule_id_device_id_pk" PRIMARY KEY("schedule_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content_id" integer NOT NULL,
	"duration" real
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"priority" smallint DEFAULT 5 NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spot" jsonb,
	"program_id" integer,
	"exclude_holidays" boolean DEFAULT true NOT NULL,
	"reject_reason" text,
	"creator_id" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "media_types" text[];--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_audits" ADD CONSTRAINT "schedule_audits_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_audits" ADD CONSTRAINT "schedule_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD CONSTRAINT "schedule_devices_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD CONSTRAINT "schedule_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_audits_schedule_idx" ON "schedule_audits" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_devices_device_idx" ON "schedule_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "schedule_devices_push_idx" ON "schedule_devices" USING btree ("push_status","pushed_at");--> statement-breakpoint
CREATE INDEX "schedule_items_order_idx" ON "schedule_items" USING btree ("schedule_id","position");--> statement-breakpoint
CREATE INDEX "schedule_items_content_idx" ON "schedule_items" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "schedules_workspace_created_idx" ON "schedules" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_company_state_idx" ON "schedules" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "schedules_program_idx" ON "schedules" USING btree ("type","program_id");