CREATE TABLE "stored_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"company_id" integer,
	"kind" varchar(16) NOT NULL,
	"sensor_type" varchar(64),
	"hash" varchar(64) NOT NULL,
	"mime" varchar(32) NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_objects_hash_idx" ON "stored_objects" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "stored_objects_customer_idx" ON "stored_objects" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_objects_sensor_icon_idx" ON "stored_objects" USING btree ("company_id","sensor_type") WHERE "stored_objects"."kind" = 'sensor-icon';