CREATE TABLE "content_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"creator_id" integer,
	"title" varchar(64) NOT NULL,
	"content" varchar(256) NOT NULL,
	"position" varchar(8) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"speed" smallint NOT NULL,
	"color" varchar(7) NOT NULL,
	"background_color" varchar(11) NOT NULL,
	"font_size" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_texts_workspace_created_idx" ON "content_texts" USING btree ("workspace_id","created_at");