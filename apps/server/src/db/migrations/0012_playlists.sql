CREATE TABLE "playlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"playlist_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content_id" integer,
	"child_playlist_id" integer,
	"text_id" integer,
	"duration" real,
	"transition" varchar(16) DEFAULT 'none' NOT NULL,
	"fit" varchar(8) DEFAULT 'contain' NOT NULL,
	"muted" boolean DEFAULT true NOT NULL,
	CONSTRAINT "playlist_items_one_source" CHECK (num_nonnulls("playlist_items"."content_id", "playlist_items"."child_playlist_id", "playlist_items"."text_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"orientation" smallint DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 1920 NOT NULL,
	"height" integer DEFAULT 1080 NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_child_playlist_id_playlists_id_fk" FOREIGN KEY ("child_playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_text_id_content_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."content_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_items_order_idx" ON "playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_items_content_idx" ON "playlist_items" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "playlist_items_child_idx" ON "playlist_items" USING btree ("child_playlist_id");--> statement-breakpoint
CREATE INDEX "playlist_items_text_idx" ON "playlist_items" USING btree ("text_id");--> statement-breakpoint
CREATE INDEX "playlists_workspace_created_idx" ON "playlists" USING btree ("workspace_id","created_at");