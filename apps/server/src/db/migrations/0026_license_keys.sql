CREATE TABLE "license_key_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_key_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"device_id" integer,
	"transfer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"hint" varchar(8) NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_keys_uses_range" CHECK ("license_keys"."uses" >= 0 and "license_keys"."uses" <= "license_keys"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "license_key_failures" ADD CONSTRAINT "license_key_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_key_uses" ADD CONSTRAINT "license_key_uses_key_id_license_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."license_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_key_uses" ADD CONSTRAINT "license_key_uses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_key_uses" ADD CONSTRAINT "license_key_uses_transfer_id_license_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."license_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_batch_id_license_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_key_failures_user_idx" ON "license_key_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "license_key_failures_ip_idx" ON "license_key_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "license_key_uses_key_idx" ON "license_key_uses" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_keys_hash_idx" ON "license_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "license_keys_batch_idx" ON "license_keys" USING btree ("batch_id");