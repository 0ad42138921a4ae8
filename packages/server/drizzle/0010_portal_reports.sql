CREATE TABLE "chargeback_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_no" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"barcode" text,
	"reason" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"raised_by" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"responded_by" integer,
	"responded_at" timestamp with time zone,
	"dispute_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejection_reads" (
	"user_id" integer NOT NULL,
	"receipt_sample_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rejection_reads_user_id_receipt_sample_id_pk" PRIMARY KEY("user_id","receipt_sample_id")
);
--> statement-breakpoint
CREATE TABLE "report_downloads" (
	"user_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "report_downloads_user_id_report_id_pk" PRIMARY KEY("user_id","report_id")
);
--> statement-breakpoint
ALTER TABLE "chargeback_notices" ADD CONSTRAINT "chargeback_notices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_notices" ADD CONSTRAINT "chargeback_notices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_notices" ADD CONSTRAINT "chargeback_notices_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeback_notices" ADD CONSTRAINT "chargeback_notices_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejection_reads" ADD CONSTRAINT "rejection_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejection_reads" ADD CONSTRAINT "rejection_reads_receipt_sample_id_receipt_samples_id_fk" FOREIGN KEY ("receipt_sample_id") REFERENCES "public"."receipt_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargeback_notices_notice_no_uq" ON "chargeback_notices" USING btree ("notice_no");--> statement-breakpoint
CREATE INDEX "chargeback_notices_site_status_idx" ON "chargeback_notices" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "report_downloads_report_idx" ON "report_downloads" USING btree ("report_id");