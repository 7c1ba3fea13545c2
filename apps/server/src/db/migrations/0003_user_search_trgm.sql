-- The trigram operators behind the keyword search's index (a trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops,"nickname" gin_trgm_ops,"email" gin_trgm_ops);
