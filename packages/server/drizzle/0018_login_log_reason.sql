ALTER TABLE "login_logs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "login_logs" ADD COLUMN "fail_count" integer;