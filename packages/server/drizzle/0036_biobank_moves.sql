CREATE TABLE "specimen_move_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"action" text NOT NULL,
	"specimen_id" integer,
	"box_id" integer NOT NULL,
	"from_row" smallint,
	"from_col" smallint,
	"from_unit_id" integer NOT NULL,
	"from_rack_id" integer,
	"from_rack_row" smallint,
	"from_rack_col" smallint,
	"to_box_id" integer,
	"to_row" smallint,
	"to_col" smallint,
	"to_unit_id" integer NOT NULL,
	"to_rack_id" integer,
	"to_rack_row" smallint,
	"to_rack_col" smallint
);
--> statement-breakpoint
CREATE TABLE "specimen_move_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"unit_id" integer,
	"close_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"executed_by" integer,
	"executed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_request_id_specimen_move_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."specimen_move_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_box_id_storage_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_from_unit_id_storage_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_from_rack_id_storage_racks_id_fk" FOREIGN KEY ("from_rack_id") REFERENCES "public"."storage_racks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_to_box_id_storage_boxes_id_fk" FOREIGN KEY ("to_box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_to_unit_id_storage_units_id_fk" FOREIGN KEY ("to_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_lines" ADD CONSTRAINT "specimen_move_lines_to_rack_id_storage_racks_id_fk" FOREIGN KEY ("to_rack_id") REFERENCES "public"."storage_racks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_requests" ADD CONSTRAINT "specimen_move_requests_unit_id_storage_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_requests" ADD CONSTRAINT "specimen_move_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_requests" ADD CONSTRAINT "specimen_move_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_move_requests" ADD CONSTRAINT "specimen_move_requests_executed_by_users_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_move_lines_seq_uq" ON "specimen_move_lines" USING btree ("request_id","seq");--> statement-breakpoint
CREATE INDEX "specimen_move_lines_specimen_idx" ON "specimen_move_lines" USING btree ("specimen_id");--> statement-breakpoint
CREATE INDEX "specimen_move_lines_box_idx" ON "specimen_move_lines" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "specimen_move_lines_to_box_idx" ON "specimen_move_lines" USING btree ("to_box_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_move_requests_number_uq" ON "specimen_move_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "specimen_move_requests_status_idx" ON "specimen_move_requests" USING btree ("status","created_at");