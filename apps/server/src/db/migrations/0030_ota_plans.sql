CREATE TABLE "ota_plan_devices" (
	"plan_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"reason" text,
	"forced" boolean DEFAULT false NOT NULL,
	"offered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_plan_devices_plan_id_device_id_pk" PRIMARY KEY("plan_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "ota_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(256) DEFAULT '' NOT NULL,
	"package_id" integer NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"timing" varchar(16) NOT NULL,
	"at" varchar(16),
	"window_start" varchar(16),
	"window_end" varchar(16),
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"targets" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD CONSTRAINT "ota_plan_devices_plan_id_ota_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."ota_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plan_devices" ADD CONSTRAINT "ota_plan_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD CONSTRAINT "ota_plans_package_id_ota_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ota_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_plans" ADD CONSTRAINT "ota_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_plan_devices_device_idx" ON "ota_plan_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "ota_plan_devices_pending_idx" ON "ota_plan_devices" USING btree ("plan_id") WHERE "ota_plan_devices"."offered_at" is null and "ota_plan_devices"."state" in ('waiting', 'downloading', 'installing');--> statement-breakpoint
CREATE INDEX "ota_plans_package_idx" ON "ota_plans" USING btree ("package_id");