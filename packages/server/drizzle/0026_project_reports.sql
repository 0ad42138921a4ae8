CREATE TABLE "project_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lab_report_id" integer,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"report_no" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"subject_no" text NOT NULL,
	"visit" text,
	"title" text,
	"report_date" text,
	"file_id" integer,
	"status" text NOT NULL,
	"reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "report_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_lab_report_id_lab_reports_id_fk" FOREIGN KEY ("lab_report_id") REFERENCES "public"."lab_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_reports_lab_report_idx" ON "project_reports" USING btree ("lab_report_id");--> statement-breakpoint
CREATE INDEX "project_reports_status_idx" ON "project_reports" USING btree ("status");