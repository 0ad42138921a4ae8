CREATE TABLE "clarification_query_shipments" (
	"query_id" integer PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_no" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"query_id" integer,
	"barcode" text,
	"subject_no" text,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"responded_by" integer,
	"responded_at" timestamp with time zone,
	"response" text,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"project_id" integer NOT NULL,
	"site_id" integer,
	"subject_id" integer,
	"visit" text,
	"sample_type_id" integer,
	"parent_id" integer,
	"suffix" smallint,
	"last_suffix" smallint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"storage" text DEFAULT 'unstored' NOT NULL,
	"transport_id" integer,
	"transport_item_id" integer,
	"temperature_id" integer,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"disabled_by" integer,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_storage_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"device_id" integer NOT NULL,
	"rows" smallint NOT NULL,
	"cols" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_storage_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"temperature_id" integer NOT NULL,
	"location" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_storage_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"container_id" integer,
	"barcode_id" integer,
	"action" text NOT NULL,
	"position" text,
	"reason" text,
	"detail" jsonb,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_storage_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"barcode_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"row" smallint NOT NULL,
	"col" smallint NOT NULL,
	"stored_by" integer NOT NULL,
	"stored_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clarification_query_shipments" ADD CONSTRAINT "clarification_query_shipments_query_id_clarification_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."clarification_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarification_query_shipments" ADD CONSTRAINT "clarification_query_shipments_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_feedback" ADD CONSTRAINT "lab_feedback_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_feedback" ADD CONSTRAINT "lab_feedback_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_feedback" ADD CONSTRAINT "lab_feedback_query_id_clarification_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."clarification_queries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_feedback" ADD CONSTRAINT "lab_feedback_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_feedback" ADD CONSTRAINT "lab_feedback_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_subject_id_lab_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."lab_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_parent_id_specimen_barcodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_transport_item_id_sample_transport_items_id_fk" FOREIGN KEY ("transport_item_id") REFERENCES "public"."sample_transport_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD CONSTRAINT "specimen_barcodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_containers" ADD CONSTRAINT "temp_storage_containers_device_id_temp_storage_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."temp_storage_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_containers" ADD CONSTRAINT "temp_storage_containers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_devices" ADD CONSTRAINT "temp_storage_devices_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_devices" ADD CONSTRAINT "temp_storage_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_logs" ADD CONSTRAINT "temp_storage_logs_device_id_temp_storage_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."temp_storage_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_logs" ADD CONSTRAINT "temp_storage_logs_container_id_temp_storage_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."temp_storage_containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_logs" ADD CONSTRAINT "temp_storage_logs_barcode_id_specimen_barcodes_id_fk" FOREIGN KEY ("barcode_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_logs" ADD CONSTRAINT "temp_storage_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_positions" ADD CONSTRAINT "temp_storage_positions_barcode_id_specimen_barcodes_id_fk" FOREIGN KEY ("barcode_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_positions" ADD CONSTRAINT "temp_storage_positions_container_id_temp_storage_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."temp_storage_containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_storage_positions" ADD CONSTRAINT "temp_storage_positions_stored_by_users_id_fk" FOREIGN KEY ("stored_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarification_query_shipments_transport_idx" ON "clarification_query_shipments" USING btree ("transport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_feedback_no_uq" ON "lab_feedback" USING btree ("feedback_no");--> statement-breakpoint
CREATE INDEX "lab_feedback_project_status_idx" ON "lab_feedback" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "lab_feedback_barcode_idx" ON "lab_feedback" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_barcodes_code_uq" ON "specimen_barcodes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_barcodes_parent_suffix_uq" ON "specimen_barcodes" USING btree ("parent_id","suffix");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_project_idx" ON "specimen_barcodes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_transport_idx" ON "specimen_barcodes" USING btree ("transport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temp_storage_containers_code_uq" ON "temp_storage_containers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "temp_storage_containers_device_idx" ON "temp_storage_containers" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temp_storage_devices_code_uq" ON "temp_storage_devices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "temp_storage_logs_device_idx" ON "temp_storage_logs" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "temp_storage_logs_barcode_idx" ON "temp_storage_logs" USING btree ("barcode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temp_storage_positions_barcode_uq" ON "temp_storage_positions" USING btree ("barcode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temp_storage_positions_slot_uq" ON "temp_storage_positions" USING btree ("container_id","row","col");