CREATE TABLE "rule_devices" (
	"rule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "rule_devices_rule_id_device_id_pk" PRIMARY KEY("rule_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "rule_firings" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"uuid" varchar(36),
	"sensor_id" varchar(64),
	"state" varchar(16) NOT NULL,
	"command_ids" integer[] DEFAULT '{}' NOT NULL,
	"result" varchar(500),
	"mailed" boolean DEFAULT false NOT NULL,
	"fired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"creator_id" integer,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_devices" ADD CONSTRAINT "rule_devices_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_devices" ADD CONSTRAINT "rule_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_firings" ADD CONSTRAINT "rule_firings_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_firings" ADD CONSTRAINT "rule_firings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_devices_device_idx" ON "rule_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "rule_firings_rule_fired_idx" ON "rule_firings" USING btree ("rule_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_firings_uuid_idx" ON "rule_firings" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "rules_workspace_idx" ON "rules" USING btree ("workspace_id");