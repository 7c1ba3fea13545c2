CREATE TABLE "custom_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" varchar(253) NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" varchar(64) NOT NULL,
	"value" varchar(256) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_properties" ADD CONSTRAINT "system_properties_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_host" ON "custom_domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "custom_domains_customer_idx" ON "custom_domains" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_properties_platform_name" ON "system_properties" USING btree ("name") WHERE "system_properties"."customer_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "system_properties_customer_name" ON "system_properties" USING btree ("customer_id","name");