CREATE TABLE "startup_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"model_id" integer,
	"kind" varchar(8) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"play_hash" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration" real,
	"frame_rate" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "startup_media_one_owner" CHECK (("startup_media"."company_id" is null) <> ("startup_media"."model_id" is null))
);
--> statement-breakpoint
ALTER TABLE "startup_media" ADD CONSTRAINT "startup_media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_media" ADD CONSTRAINT "startup_media_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "startup_media_company_kind_idx" ON "startup_media" USING btree ("company_id","kind") WHERE "startup_media"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "startup_media_model_kind_idx" ON "startup_media" USING btree ("model_id","kind") WHERE "startup_media"."model_id" is not null;--> statement-breakpoint
CREATE INDEX "startup_media_hash_idx" ON "startup_media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "startup_media_play_hash_idx" ON "startup_media" USING btree ("play_hash");