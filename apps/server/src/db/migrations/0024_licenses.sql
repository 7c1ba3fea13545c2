CREATE TABLE "device_licenses" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"batch_no" varchar(64) NOT NULL,
	"validity_type" varchar(16) NOT NULL,
	"effect_days" integer,
	"expiration_date" date,
	"quantity" integer NOT NULL,
	"max_use_times" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "license_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"holder_kind" varchar(16) NOT NULL,
	"holder_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"received" integer NOT NULL,
	"held" integer NOT NULL,
	CONSTRAINT "license_pools_held_range" CHECK ("license_pools"."held" >= 0 and "license_pools"."held" <= "license_pools"."received")
);
--> statement-breakpoint
CREATE TABLE "license_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"from_kind" varchar(16),
	"from_id" integer,
	"to_kind" varchar(16) NOT NULL,
	"to_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_transfers_quantity_positive" CHECK ("license_transfers"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "device_licenses" ADD CONSTRAINT "device_licenses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_licenses" ADD CONSTRAINT "device_licenses_batch_id_license_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_licenses" ADD CONSTRAINT "device_licenses_transfer_id_license_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."license_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_batches" ADD CONSTRAINT "license_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_pools" ADD CONSTRAINT "license_pools_batch_id_license_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_transfers" ADD CONSTRAINT "license_transfers_batch_id_license_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_transfers" ADD CONSTRAINT "license_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_pools_holder_batch_idx" ON "license_pools" USING btree ("holder_kind","holder_id","batch_id");--> statement-breakpoint
CREATE INDEX "license_transfers_from_idx" ON "license_transfers" USING btree ("from_kind","from_id");--> statement-breakpoint
CREATE INDEX "license_transfers_to_idx" ON "license_transfers" USING btree ("to_kind","to_id");