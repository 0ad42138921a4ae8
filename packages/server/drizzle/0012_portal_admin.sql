CREATE TABLE "account_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"role_id" integer NOT NULL,
	"purpose" text,
	"reason" text NOT NULL,
	"grants" jsonb NOT NULL,
	"applicant_id" integer NOT NULL,
	"apply_time" timestamp with time zone NOT NULL,
	"reviewer_id" integer,
	"review_time" timestamp with time zone,
	"reject_reason" text,
	"created_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_document_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_document_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"file_id" integer NOT NULL,
	"note" text,
	"uploaded_by" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_no" text NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer,
	"title" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"withdraw_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_created_user_id_users_id_fk" FOREIGN KEY ("created_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_downloads" ADD CONSTRAINT "shared_document_downloads_document_id_shared_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."shared_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_downloads" ADD CONSTRAINT "shared_document_downloads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_downloads" ADD CONSTRAINT "shared_document_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_revisions" ADD CONSTRAINT "shared_document_revisions_document_id_shared_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."shared_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_revisions" ADD CONSTRAINT "shared_document_revisions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_document_revisions" ADD CONSTRAINT "shared_document_revisions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_documents" ADD CONSTRAINT "shared_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_documents" ADD CONSTRAINT "shared_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_documents" ADD CONSTRAINT "shared_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_applications_no_uq" ON "account_applications" USING btree ("application_no");--> statement-breakpoint
CREATE INDEX "account_applications_applicant_idx" ON "account_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "account_applications_status_idx" ON "account_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "shared_document_downloads_doc_idx" ON "shared_document_downloads" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "shared_document_downloads_user_idx" ON "shared_document_downloads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_document_revisions_uq" ON "shared_document_revisions" USING btree ("document_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_document_revisions_file_uq" ON "shared_document_revisions" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_documents_no_uq" ON "shared_documents" USING btree ("doc_no");--> statement-breakpoint
CREATE INDEX "shared_documents_scope_idx" ON "shared_documents" USING btree ("kind","project_id","site_id");