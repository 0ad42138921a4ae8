CREATE TABLE "finance_adjustment_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adjustment_id" bigint NOT NULL,
	"statement_line_id" bigint NOT NULL,
	"event_id" bigint,
	"direction" text NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	CONSTRAINT "finance_adjustment_lines_direction_ck" CHECK ("finance_adjustment_lines"."direction" IN ('credit', 'debit')),
	CONSTRAINT "finance_adjustment_lines_sign_ck" CHECK (("finance_adjustment_lines"."direction" = 'credit') = ("finance_adjustment_lines"."gross" < 0))
);
--> statement-breakpoint
CREATE TABLE "finance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"cancel_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_adjustments_status_ck" CHECK ("finance_adjustments"."status" IN ('draft', 'reviewed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "finance_statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_statement_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text,
	"project_id" integer NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"tax_inclusive" boolean NOT NULL,
	"status" text NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"fx_rate" numeric(14, 6),
	"fx_date" date,
	"signed_file_id" integer,
	"pdf_file_id" integer,
	"pdf_sha256" text,
	"fapiao_no" text,
	"fapiao_date" date,
	"cancel_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_statements_status_ck" CHECK ("finance_statements"."status" IN ('draft', 'reviewed', 'confirmed', 'cancelled')),
	CONSTRAINT "finance_statements_confirmed_ck" CHECK ("finance_statements"."status" <> 'confirmed' OR ("finance_statements"."number" IS NOT NULL AND "finance_statements"."signed_file_id" IS NOT NULL AND "finance_statements"."pdf_sha256" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "finance_adjustment_lines" ADD CONSTRAINT "finance_adjustment_lines_adjustment_id_finance_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."finance_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_adjustment_lines" ADD CONSTRAINT "finance_adjustment_lines_statement_line_id_finance_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."finance_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_adjustment_lines" ADD CONSTRAINT "finance_adjustment_lines_event_id_finance_billable_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."finance_billable_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_adjustments" ADD CONSTRAINT "finance_adjustments_statement_id_finance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."finance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_adjustments" ADD CONSTRAINT "finance_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_adjustments" ADD CONSTRAINT "finance_adjustments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statement_lines" ADD CONSTRAINT "finance_statement_lines_statement_id_finance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."finance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statement_lines" ADD CONSTRAINT "finance_statement_lines_event_id_finance_billable_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."finance_billable_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_statements" ADD CONSTRAINT "finance_statements_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_adjustment_lines_event_uq" ON "finance_adjustment_lines" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "finance_adjustment_lines_adjustment_idx" ON "finance_adjustment_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "finance_adjustment_lines_line_idx" ON "finance_adjustment_lines" USING btree ("statement_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_adjustments_seq_uq" ON "finance_adjustments" USING btree ("statement_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_statement_lines_event_uq" ON "finance_statement_lines" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "finance_statement_lines_statement_idx" ON "finance_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_statements_number_uq" ON "finance_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "finance_statements_project_idx" ON "finance_statements" USING btree ("project_id","period");--> statement-breakpoint
CREATE INDEX "finance_statements_status_idx" ON "finance_statements" USING btree ("status");