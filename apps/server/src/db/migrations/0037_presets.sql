CREATE TABLE "preset_application_devices" (
	"application_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"command_ids" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "preset_application_devices_application_id_device_id_pk" PRIMARY KEY("application_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "preset_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"preset_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"creator_id" integer,
	"name" varchar(64) NOT NULL,
	"model_id" integer,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preset_application_devices" ADD CONSTRAINT "preset_application_devices_application_id_preset_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."preset_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_application_devices" ADD CONSTRAINT "preset_application_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_applications" ADD CONSTRAINT "preset_applications_preset_id_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_applications" ADD CONSTRAINT "preset_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preset_applications_preset_created_idx" ON "preset_applications" USING btree ("preset_id","created_at");--> statement-breakpoint
CREATE INDEX "presets_workspace_idx" ON "presets" USING btree ("workspace_id");