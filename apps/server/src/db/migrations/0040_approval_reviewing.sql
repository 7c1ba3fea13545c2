ALTER TABLE "contents" ADD COLUMN "approval_state" varchar(16) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_approval_idx" ON "contents" USING btree ("company_id","approval_state");