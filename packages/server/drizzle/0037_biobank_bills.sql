CREATE TABLE "specimen_bill_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"qa" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"specimen_id" integer NOT NULL,
	"whole" boolean NOT NULL,
	"quantity_ul" integer,
	"held" boolean DEFAULT true NOT NULL,
	"scanned_by" integer,
	"scanned_at" timestamp with time zone,
	"missing_note" text,
	"returned_at" timestamp with time zone,
	"return_box_id" integer,
	"return_position" text
);
--> statement-breakpoint
CREATE TABLE "specimen_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"project_id" integer NOT NULL,
	"stock_out_type_id" integer,
	"reason" text NOT NULL,
	"recipient" text,
	"destination" text,
	"planned_at" date,
	"removed_at" date,
	"deviation" text,
	"remark" text,
	"extras" text[] DEFAULT '{}'::text[] NOT NULL,
	"method" text,
	"certificate" text,
	"witness_id" integer,
	"receiver_name" text,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD COLUMN "volume_ul" integer;--> statement-breakpoint
ALTER TABLE "specimen_bill_authorisations" ADD CONSTRAINT "specimen_bill_authorisations_bill_id_specimen_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."specimen_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bill_authorisations" ADD CONSTRAINT "specimen_bill_authorisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bill_lines" ADD CONSTRAINT "specimen_bill_lines_bill_id_specimen_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."specimen_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bill_lines" ADD CONSTRAINT "specimen_bill_lines_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bill_lines" ADD CONSTRAINT "specimen_bill_lines_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bill_lines" ADD CONSTRAINT "specimen_bill_lines_return_box_id_storage_boxes_id_fk" FOREIGN KEY ("return_box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bills" ADD CONSTRAINT "specimen_bills_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bills" ADD CONSTRAINT "specimen_bills_stock_out_type_id_stock_out_types_id_fk" FOREIGN KEY ("stock_out_type_id") REFERENCES "public"."stock_out_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bills" ADD CONSTRAINT "specimen_bills_witness_id_users_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bills" ADD CONSTRAINT "specimen_bills_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_bills" ADD CONSTRAINT "specimen_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_bill_auth_step_uq" ON "specimen_bill_authorisations" USING btree ("bill_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_bill_auth_user_uq" ON "specimen_bill_authorisations" USING btree ("bill_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_bill_lines_bill_specimen_uq" ON "specimen_bill_lines" USING btree ("bill_id","specimen_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_bill_lines_held_uq" ON "specimen_bill_lines" USING btree ("specimen_id") WHERE "specimen_bill_lines"."held";--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_bills_no_uq" ON "specimen_bills" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "specimen_bills_status_idx" ON "specimen_bills" USING btree ("kind","status");