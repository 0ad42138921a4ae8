CREATE TABLE "lab_test_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"visit" text,
	"test_item_ids" jsonb NOT NULL,
	"requisition_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_test_orders" ADD CONSTRAINT "lab_test_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_test_orders" ADD CONSTRAINT "lab_test_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_test_orders" ADD CONSTRAINT "lab_test_orders_subject_id_lab_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."lab_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_test_orders" ADD CONSTRAINT "lab_test_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_test_orders" ADD CONSTRAINT "lab_test_orders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_test_orders_barcode_uq" ON "lab_test_orders" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "lab_test_orders_status_idx" ON "lab_test_orders" USING btree ("status");