CREATE TABLE "device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"value" jsonb,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"result" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "screen_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lock_pin_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "lock_salt" varchar(32);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "timers" jsonb DEFAULT '{"enabled":false,"timers":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "screenshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "status_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_created_idx" ON "device_commands" USING btree ("device_id","created_at");