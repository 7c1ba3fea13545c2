CREATE TABLE "content_pages" (
	"content_id" integer NOT NULL,
	"page" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "content_pages_content_id_page_pk" PRIMARY KEY("content_id","page")
);
--> statement-breakpoint
CREATE TABLE "template_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" varchar(64) NOT NULL,
	"name_key" varchar(64),
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "template_type_id" integer;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_types" ADD CONSTRAINT "template_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_pages_hash_idx" ON "content_pages" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "template_types_name_unique" ON "template_types" USING btree (coalesce("company_id", 0),lower("name"));--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_template_type_id_template_types_id_fk" FOREIGN KEY ("template_type_id") REFERENCES "public"."template_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_template_type_idx" ON "contents" USING btree ("template_type_id");--> statement-breakpoint
INSERT INTO "template_types" ("company_id", "name", "name_key", "sort") VALUES
	(NULL, 'Menu boards', 'templateType.shipped.menuBoard', 10),
	(NULL, 'Promotions', 'templateType.shipped.promotion', 20),
	(NULL, 'Information', 'templateType.shipped.information', 30),
	(NULL, 'Welcome', 'templateType.shipped.welcome', 40);
