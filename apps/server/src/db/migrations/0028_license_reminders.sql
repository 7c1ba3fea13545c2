CREATE TABLE "license_reminders" (
	"scope" varchar(16) NOT NULL,
	"scope_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "license_reminders_pk" PRIMARY KEY("scope","scope_id","transfer_id","day")
);
--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_transfer_id_license_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."license_transfers"("id") ON DELETE cascade ON UPDATE no action;