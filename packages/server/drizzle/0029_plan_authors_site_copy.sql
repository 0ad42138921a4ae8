ALTER TABLE "project_plans" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "project_plans" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_subject_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD COLUMN "site_pdf_file_id" integer;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "project_plans" ADD CONSTRAINT "project_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_plans" ADD CONSTRAINT "project_plans_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_site_pdf_file_id_files_id_fk" FOREIGN KEY ("site_pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD CONSTRAINT "project_progress_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD CONSTRAINT "project_progress_plans_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Versions written before this migration: the last submitter from the workflow's transition records,
-- the last editor from the audit trail (the creator when the trail names none).
UPDATE "project_plans" p SET "submitted_by" = (
	SELECT e."user_id" FROM "portal_events" e
	WHERE e."workflow" = 'projectPlan' AND e."record_id" = p."id" AND e."action" = 'submit'
	ORDER BY e."id" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "project_plans" p SET "updated_by" = COALESCE((
	SELECT a."user_id" FROM "audit_log" a
	WHERE (a."entity" = 'projectPlan' AND a."entity_id" = p."id"::text AND a."action" IN ('plan.syncDraft', 'plan.visitSort'))
		OR (a."action" IN ('plan.kitSave', 'plan.kitDelete', 'plan.visitDelete')
			AND COALESCE(a."new_value"->>'planId', a."old_value"->>'planId') = p."id"::text)
	ORDER BY a."id" DESC LIMIT 1
), p."created_by");--> statement-breakpoint
UPDATE "project_progress_plans" p SET "submitted_by" = (
	SELECT e."user_id" FROM "portal_events" e
	WHERE e."workflow" = 'progressPlan' AND e."record_id" = p."id" AND e."action" = 'submit'
	ORDER BY e."id" DESC LIMIT 1
);--> statement-breakpoint
UPDATE "project_progress_plans" p SET "updated_by" = COALESCE((
	SELECT a."user_id" FROM "audit_log" a
	WHERE a."entity" = 'progressPlan' AND a."entity_id" = p."id"::text AND a."action" = 'progress.update'
	ORDER BY a."id" DESC LIMIT 1
), p."created_by");
