CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"vendor" varchar(64),
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"orientation" smallint DEFAULT 0 NOT NULL,
	"media_types" smallint[] DEFAULT '{}' NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"player_name" varchar(64),
	"player_version" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "model_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_name_unique" ON "device_models" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model_id");