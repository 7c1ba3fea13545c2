CREATE TABLE "fonts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" varchar(64) NOT NULL,
	"family" varchar(32) GENERATED ALWAYS AS ('vitrine-font-' || "id"::text) STORED NOT NULL,
	"format" varchar(8) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD COLUMN "font_id" integer;--> statement-breakpoint
ALTER TABLE "fonts" ADD CONSTRAINT "fonts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fonts" ADD CONSTRAINT "fonts_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fonts_company_created_idx" ON "fonts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "fonts_hash_idx" ON "fonts" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "stickers_workspace_created_idx" ON "stickers" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "stickers_hash_idx" ON "stickers" USING btree ("hash");--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_font_id_fonts_id_fk" FOREIGN KEY ("font_id") REFERENCES "public"."fonts"("id") ON DELETE no action ON UPDATE no action;