CREATE TABLE "video_wall_cells" (
	"wall_id" integer NOT NULL,
	"row" smallint NOT NULL,
	"column" smallint NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "video_wall_cells_place_key" UNIQUE("wall_id","row","column"),
	CONSTRAINT "video_wall_cells_device_key" UNIQUE("device_id")
);
--> statement-breakpoint
CREATE TABLE "video_wall_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"wall_id" integer NOT NULL,
	"content_id" integer,
	"playlist_id" integer,
	"fit" varchar(8) NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_wall_contents_one_source" CHECK (num_nonnulls("video_wall_contents"."content_id", "video_wall_contents"."playlist_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "video_walls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"rows" smallint NOT NULL,
	"columns" smallint NOT NULL,
	"orientation" varchar(16) NOT NULL,
	"screen_width_mm" real NOT NULL,
	"screen_height_mm" real NOT NULL,
	"bezel_top_mm" real NOT NULL,
	"bezel_right_mm" real NOT NULL,
	"bezel_bottom_mm" real NOT NULL,
	"bezel_left_mm" real NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_wall_cells" ADD CONSTRAINT "video_wall_cells_wall_id_video_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."video_walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_cells" ADD CONSTRAINT "video_wall_cells_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_wall_id_video_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."video_walls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_wall_contents" ADD CONSTRAINT "video_wall_contents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_walls" ADD CONSTRAINT "video_walls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_walls" ADD CONSTRAINT "video_walls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_walls" ADD CONSTRAINT "video_walls_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_wall_contents_workspace_created_idx" ON "video_wall_contents" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "video_wall_contents_wall_idx" ON "video_wall_contents" USING btree ("wall_id");--> statement-breakpoint
CREATE INDEX "video_wall_contents_content_idx" ON "video_wall_contents" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "video_wall_contents_playlist_idx" ON "video_wall_contents" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "video_walls_workspace_created_idx" ON "video_walls" USING btree ("workspace_id","created_at");