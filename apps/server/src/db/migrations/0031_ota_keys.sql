CREATE TABLE "ota_app_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"package" varchar(128) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ota_device_keys" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ota_exemption_devices" (
	"exemption_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "ota_exemption_devices_exemption_id_device_id_pk" PRIMARY KEY("exemption_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "ota_exemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"validation" varchar(16) NOT NULL,
	"description" varchar(256) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_app_keys" ADD CONSTRAINT "ota_app_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_device_keys" ADD CONSTRAINT "ota_device_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_device_keys" ADD CONSTRAINT "ota_device_keys_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_exemption_devices" ADD CONSTRAINT "ota_exemption_devices_exemption_id_ota_exemptions_id_fk" FOREIGN KEY ("exemption_id") REFERENCES "public"."ota_exemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_exemption_devices" ADD CONSTRAINT "ota_exemption_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_exemptions" ADD CONSTRAINT "ota_exemptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ota_app_keys_package_unique" ON "ota_app_keys" USING btree ("package");--> statement-breakpoint
CREATE INDEX "ota_exemption_devices_device_idx" ON "ota_exemption_devices" USING btree ("device_id");