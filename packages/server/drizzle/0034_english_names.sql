ALTER TABLE "project_plans" ADD COLUMN "en_name" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "en_name" text;--> statement-breakpoint
ALTER TABLE "visit_points" ADD COLUMN "en_name" text;