CREATE TABLE "device_trials" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"company_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_trials" ADD CONSTRAINT "device_trials_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_trials" ADD CONSTRAINT "device_trials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_trials" ADD CONSTRAINT "device_trials_transfer_id_license_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."license_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_trials_device_idx" ON "device_trials" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_trials_company_idx" ON "device_trials" USING btree ("company_id");