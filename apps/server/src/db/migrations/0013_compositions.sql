CREATE TABLE "composition_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"workspace_id" integer,
	"key" varchar(32),
	"name" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"orientation" smallint DEFAULT 0 NOT NULL,
	"background_color" varchar(11) DEFAULT '#000000' NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "composition_templates_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "composition_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"composition_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"content_id" integer,
	"playlist_id" integer,
	"text_id" integer,
	"sticker_id" integer,
	"font_id" integer,
	"background_color" varchar(11) DEFAULT 'transparent' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compositions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"orientation" smallint DEFAULT 0 NOT NULL,
	"background_color" varchar(11) DEFAULT '#000000' NOT NULL,
	"background_content_id" integer,
	"duration" real DEFAULT 30 NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "composition_templates" ADD CONSTRAINT "composition_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_templates" ADD CONSTRAINT "composition_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_composition_id_compositions_id_fk" FOREIGN KEY ("composition_id") REFERENCES "public"."compositions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_text_id_content_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."content_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "composition_zones" ADD CONSTRAINT "composition_zones_font_id_fonts_id_fk" FOREIGN KEY ("font_id") REFERENCES "public"."fonts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compositions" ADD CONSTRAINT "compositions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compositions" ADD CONSTRAINT "compositions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compositions" ADD CONSTRAINT "compositions_background_content_id_contents_id_fk" FOREIGN KEY ("background_content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compositions" ADD CONSTRAINT "compositions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "composition_templates_company_created_idx" ON "composition_templates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "composition_zones_order_idx" ON "composition_zones" USING btree ("composition_id","position");--> statement-breakpoint
CREATE INDEX "composition_zones_content_idx" ON "composition_zones" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "composition_zones_playlist_idx" ON "composition_zones" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "composition_zones_text_idx" ON "composition_zones" USING btree ("text_id");--> statement-breakpoint
CREATE INDEX "composition_zones_sticker_idx" ON "composition_zones" USING btree ("sticker_id");--> statement-breakpoint
CREATE INDEX "composition_zones_font_idx" ON "composition_zones" USING btree ("font_id");--> statement-breakpoint
CREATE INDEX "compositions_workspace_created_idx" ON "compositions" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "compositions_background_idx" ON "compositions" USING btree ("background_content_id");
--> statement-breakpoint
-- The shipped composition templates: no company, read-only, named in the console by their key.
INSERT INTO "composition_templates" ("key", "name", "width", "height", "orientation", "background_color", "zones") VALUES
	('full-screen', 'Full screen', 1920, 1080, 0, '#000000', '[{"name":"Main","x":0,"y":0,"width":1920,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}}]'::jsonb),
	('main-ticker', 'Main and ticker', 1920, 1080, 0, '#000000', '[{"name":"Main","x":0,"y":0,"width":1920,"height":960,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Ticker","x":0,"y":960,"width":1920,"height":120,"kind":"text","background_color":"#000000","settings":{}}]'::jsonb),
	('l-shape', 'L-shape with side and ticker', 1920, 1080, 0, '#000000', '[{"name":"Main","x":0,"y":0,"width":1440,"height":960,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Side","x":1440,"y":0,"width":480,"height":960,"kind":"playlist","background_color":"transparent","settings":{}},{"name":"Ticker","x":0,"y":960,"width":1440,"height":120,"kind":"text","background_color":"#000000","settings":{}},{"name":"Clock","x":1440,"y":960,"width":480,"height":120,"kind":"clock","background_color":"#000000","settings":{"format":"datetime","color":"#ffffff","font_size":48}}]'::jsonb),
	('two-halves', 'Two halves', 1920, 1080, 0, '#000000', '[{"name":"Left","x":0,"y":0,"width":960,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Right","x":960,"y":0,"width":960,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}}]'::jsonb),
	('three-columns', 'Three columns', 1920, 1080, 0, '#000000', '[{"name":"Left","x":0,"y":0,"width":640,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Center","x":640,"y":0,"width":640,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Right","x":1280,"y":0,"width":640,"height":1080,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}}]'::jsonb),
	('quad', 'Four quarters', 1920, 1080, 0, '#000000', '[{"name":"Top left","x":0,"y":0,"width":960,"height":540,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Top right","x":960,"y":0,"width":960,"height":540,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Bottom left","x":0,"y":540,"width":960,"height":540,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Bottom right","x":960,"y":540,"width":960,"height":540,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}}]'::jsonb),
	('portrait-full', 'Portrait full screen', 1080, 1920, 90, '#000000', '[{"name":"Main","x":0,"y":0,"width":1080,"height":1920,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}}]'::jsonb),
	('portrait-header-footer', 'Portrait header, body and footer', 1080, 1920, 90, '#000000', '[{"name":"Header","x":0,"y":0,"width":1080,"height":320,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Body","x":0,"y":320,"width":1080,"height":1440,"kind":"media","background_color":"transparent","settings":{"fit":"cover","muted":true}},{"name":"Footer","x":0,"y":1760,"width":1080,"height":160,"kind":"text","background_color":"#000000","settings":{}}]'::jsonb);
