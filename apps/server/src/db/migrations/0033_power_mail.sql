ALTER TABLE "users" ADD COLUMN "power_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "timer_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "power_mailed" varchar(8);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "power_mailed_at" timestamp with time zone;