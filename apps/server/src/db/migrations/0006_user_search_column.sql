-- The keyword search reads one lower-cased column with one trigram index instead of three columns.
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(("username")::text || E'\x1f' || coalesce("nickname", '') || E'\x1f' || ("email")::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search" gin_trgm_ops);