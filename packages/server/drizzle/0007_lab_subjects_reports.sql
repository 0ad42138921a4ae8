CREATE TABLE "lab_report_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"test_item_id" integer NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"reference_range" text,
	"flag" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "lab_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_no" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"revision_of" integer,
	"revision_reason" text,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"visit" text,
	"sampling_time" timestamp with time zone,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"return_reason" text,
	"content_hash" text,
	"pdf_file_id" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"meaning" text NOT NULL,
	"user_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"subject_no" text NOT NULL,
	"name" text NOT NULL,
	"gender" text,
	"birthday" text,
	"card_type" text NOT NULL,
	"card_no_masked" text NOT NULL,
	"card_no_hash" text NOT NULL,
	"face_confidence" real NOT NULL,
	"face_threshold" real NOT NULL,
	"fingerprint_vendor" text,
	"fingerprint_template" text,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_report_results" ADD CONSTRAINT "lab_report_results_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_report_results" ADD CONSTRAINT "lab_report_results_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_subject_id_lab_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."lab_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_signatures" ADD CONSTRAINT "lab_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_subjects" ADD CONSTRAINT "lab_subjects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_subjects" ADD CONSTRAINT "lab_subjects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_subjects" ADD CONSTRAINT "lab_subjects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_subjects" ADD CONSTRAINT "lab_subjects_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_report_results_item_uq" ON "lab_report_results" USING btree ("report_id","test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reports_no_revision_uq" ON "lab_reports" USING btree ("report_no","revision");--> statement-breakpoint
CREATE INDEX "lab_reports_status_idx" ON "lab_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "lab_reports_subject_idx" ON "lab_reports" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "lab_signatures_entity_idx" ON "lab_signatures" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_subjects_project_subject_no_uq" ON "lab_subjects" USING btree ("project_id","subject_no");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_subjects_project_card_uq" ON "lab_subjects" USING btree ("project_id","card_no_hash");--> statement-breakpoint
CREATE INDEX "lab_subjects_status_idx" ON "lab_subjects" USING btree ("status");