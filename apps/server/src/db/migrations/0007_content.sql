CREATE TABLE "content_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" varchar(255) NOT NULL,
	"hash" varchar(64),
	"size" bigint DEFAULT 0 NOT NULL,
	"mime" varchar(255),
	"width" integer,
	"height" integer,
	"duration" real,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"playable_hash" varchar(64),
	"thumbnail_hash" varchar(64),
	"state" varchar(16) DEFAULT 'processing' NOT NULL,
	"problem" varchar(64),
	"link" text,
	"refresh_seconds" integer,
	"zoom" real,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hash" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(255) DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"folder_id" integer,
	"parts" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_folders" ADD CONSTRAINT "content_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_folders" ADD CONSTRAINT "content_folders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_folder_id_content_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."content_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_folder_id_content_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."content_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_folders_workspace_idx" ON "content_folders" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_folders_one_default" ON "content_folders" USING btree ("workspace_id") WHERE "is_default";--> statement-breakpoint
CREATE INDEX "contents_list_idx" ON "contents" USING btree ("workspace_id","type","created_at");--> statement-breakpoint
CREATE INDEX "contents_company_hash_idx" ON "contents" USING btree ("company_id","hash");--> statement-breakpoint
CREATE INDEX "contents_folder_idx" ON "contents" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "uploads_user_hash_idx" ON "uploads" USING btree ("user_id","hash");--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "uploads" USING btree ("expires_at");