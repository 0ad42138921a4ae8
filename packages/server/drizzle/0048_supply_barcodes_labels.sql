CREATE TABLE "supply_barcode_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_barcode_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"visit_id" integer,
	"kind" text NOT NULL,
	"first_serial" bigint NOT NULL,
	"count" integer NOT NULL,
	"first_code" text NOT NULL,
	"last_code" text NOT NULL,
	"remark" text,
	"reserved_by" integer NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supply_barcode_ranges_kind" CHECK ("supply_barcode_ranges"."kind" in ('tube', 'kit')),
	CONSTRAINT "supply_barcode_ranges_count" CHECK ("supply_barcode_ranges"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "supply_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"range_id" integer NOT NULL,
	"serial" bigint NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"printed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"used_transport_id" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" text,
	CONSTRAINT "supply_barcodes_state" CHECK ("supply_barcodes"."state" in ('reserved', 'printed', 'shipped', 'used', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "label_print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"labels" integer NOT NULL,
	"first_code" text NOT NULL,
	"range_id" integer,
	"project_ids" jsonb NOT NULL,
	"printer" text NOT NULL,
	"reprint_of" integer,
	"reason" text,
	"printed_by" integer NOT NULL,
	"printed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"symbology" text NOT NULL,
	"width_mm" real NOT NULL,
	"height_mm" real NOT NULL,
	"fields" jsonb NOT NULL,
	"cjk" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supply_barcode_ranges" ADD CONSTRAINT "supply_barcode_ranges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcode_ranges" ADD CONSTRAINT "supply_barcode_ranges_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcode_ranges" ADD CONSTRAINT "supply_barcode_ranges_visit_id_visit_points_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcode_ranges" ADD CONSTRAINT "supply_barcode_ranges_reserved_by_users_id_fk" FOREIGN KEY ("reserved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcodes" ADD CONSTRAINT "supply_barcodes_range_id_supply_barcode_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."supply_barcode_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcodes" ADD CONSTRAINT "supply_barcodes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcodes" ADD CONSTRAINT "supply_barcodes_used_transport_id_sample_transports_id_fk" FOREIGN KEY ("used_transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_barcodes" ADD CONSTRAINT "supply_barcodes_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_print_jobs" ADD CONSTRAINT "label_print_jobs_template_id_label_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."label_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_print_jobs" ADD CONSTRAINT "label_print_jobs_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_templates" ADD CONSTRAINT "label_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supply_barcode_ranges_first_uq" ON "supply_barcode_ranges" USING btree ("first_serial");--> statement-breakpoint
CREATE INDEX "supply_barcode_ranges_project_idx" ON "supply_barcode_ranges" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_barcodes_code_uq" ON "supply_barcodes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_barcodes_serial_uq" ON "supply_barcodes" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "supply_barcodes_range_idx" ON "supply_barcodes" USING btree ("range_id","serial");--> statement-breakpoint
CREATE INDEX "label_print_jobs_range_idx" ON "label_print_jobs" USING btree ("range_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_templates_code_version_uq" ON "label_templates" USING btree ("code","version");