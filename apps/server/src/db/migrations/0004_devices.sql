CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"signage_id" varchar(6) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"company_id" integer,
	"workspace_id" integer,
	"name" varchar(64),
	"description" text,
	"pin" varchar(6),
	"pin_expires_at" timestamp with time zone,
	"mac" varchar(17),
	"device_model" varchar(64),
	"resolution" varchar(32),
	"orientation" smallint DEFAULT 0 NOT NULL,
	"timezone" varchar(64),
	"language" varchar(16),
	"brightness" smallint DEFAULT 100 NOT NULL,
	"volume" smallint DEFAULT 50 NOT NULL,
	"mute" boolean DEFAULT false NOT NULL,
	"system_version" varchar(32),
	"user_agent" varchar(512),
	"free_storage" bigint,
	"storage_mode" varchar(16),
	"status" smallint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_signage_id_unique" UNIQUE("signage_id"),
	CONSTRAINT "devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_company_created_idx" ON "devices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_workspace_idx" ON "devices" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "devices_status_seen_idx" ON "devices" USING btree ("status","last_seen_at");