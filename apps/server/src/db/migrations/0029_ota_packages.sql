CREATE TABLE "ota_package_models" (
	"package_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"version" varchar(64) NOT NULL,
	CONSTRAINT "ota_package_models_package_id_model_id_pk" PRIMARY KEY("package_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "ota_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" varchar(64) NOT NULL,
	"version_key" text NOT NULL,
	"description" varchar(256) DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"md5" varchar(32),
	"file_id" uuid,
	"file_name" varchar(255),
	"size" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "workspace_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" varchar(16) DEFAULT 'content' NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_package_models" ADD CONSTRAINT "ota_package_models_package_id_ota_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ota_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_package_models" ADD CONSTRAINT "ota_package_models_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_packages" ADD CONSTRAINT "ota_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ota_package_models_model_version_unique" ON "ota_package_models" USING btree ("model_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ota_packages_builtin_unique" ON "ota_packages" USING btree ("version") WHERE "ota_packages"."builtin";