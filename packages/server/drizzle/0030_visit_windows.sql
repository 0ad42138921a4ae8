ALTER TABLE "visit_points" ADD COLUMN "day" integer;--> statement-breakpoint
ALTER TABLE "visit_points" ADD COLUMN "window_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_points" ADD COLUMN "window_after" integer DEFAULT 0 NOT NULL;