CREATE TABLE "mac_whitelist" (
	"id" serial PRIMARY KEY NOT NULL,
	"mac" varchar(17) NOT NULL,
	"note" varchar(256) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_whitelist_mac_unique" UNIQUE("mac")
);
--> statement-breakpoint
ALTER TABLE "mac_whitelist" ADD CONSTRAINT "mac_whitelist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;