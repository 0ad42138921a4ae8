-- Contains-search on account lists (`ILIKE '%…%'`) uses trigram indexes instead of scanning every
-- row. pg_trgm is a trusted extension (the database owner may create it); PGlite loads it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_mobile_trgm_idx ON users USING gin (mobile gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_job_number_trgm_idx ON users USING gin (job_number gin_trgm_ops);
