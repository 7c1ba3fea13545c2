ALTER TABLE "sensors" ADD COLUMN "secret_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_secret_hash_idx" ON "sensors" USING btree ("secret_hash");