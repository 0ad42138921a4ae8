CREATE TABLE "storage_blocked_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"row" smallint NOT NULL,
	"col" smallint NOT NULL,
	"project_id" integer,
	"reason" text NOT NULL,
	"blocked_by" integer NOT NULL,
	"blocked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_box_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'grid' NOT NULL,
	"rows" smallint,
	"cols" smallint,
	"capacity" integer,
	"labels" text DEFAULT 'alnum' NOT NULL,
	"fill_order" text DEFAULT 'row' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"specimen_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_box_id" integer,
	"from_unit_id" integer,
	"from_position" text,
	"to_box_id" integer,
	"to_unit_id" integer,
	"to_position" text,
	"batch_id" text NOT NULL,
	"reference" text,
	"reason" text,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_rack_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rows" smallint NOT NULL,
	"cols" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specimen_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"specimen_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"row" smallint,
	"col" smallint,
	"status" text NOT NULL,
	"reservation_id" text,
	"expires_at" timestamp with time zone,
	"placed_by" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"box_type_id" integer NOT NULL,
	"kind" text DEFAULT 'grid' NOT NULL,
	"rows" smallint,
	"cols" smallint,
	"capacity" integer,
	"labels" text DEFAULT 'alnum' NOT NULL,
	"fill_order" text DEFAULT 'row' NOT NULL,
	"unit_id" integer NOT NULL,
	"rack_id" integer,
	"rack_row" smallint,
	"rack_col" smallint,
	"stored" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "storage_boxes_stored_ck" CHECK ("storage_boxes"."stored" >= 0 AND ("storage_boxes"."capacity" IS NULL OR "storage_boxes"."stored" <= "storage_boxes"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "storage_racks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"unit_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"rack_type_id" integer NOT NULL,
	"rows" smallint NOT NULL,
	"cols" smallint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"level_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"temperature_id" integer NOT NULL,
	"location" text,
	"remark" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"room_id" integer NOT NULL,
	"kind" text NOT NULL,
	"temperature_id" integer NOT NULL,
	"set_celsius" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"rows" smallint NOT NULL,
	"cols" smallint NOT NULL,
	"stored" integer DEFAULT 0 NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "storage_units_stored_ck" CHECK ("storage_units"."stored" >= 0)
);
--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD COLUMN "library" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "specimen_barcodes" ADD COLUMN "freeze_thaw" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_blocked_positions" ADD CONSTRAINT "storage_blocked_positions_box_id_storage_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_blocked_positions" ADD CONSTRAINT "storage_blocked_positions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_blocked_positions" ADD CONSTRAINT "storage_blocked_positions_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_box_types" ADD CONSTRAINT "storage_box_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_from_box_id_storage_boxes_id_fk" FOREIGN KEY ("from_box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_from_unit_id_storage_units_id_fk" FOREIGN KEY ("from_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_to_box_id_storage_boxes_id_fk" FOREIGN KEY ("to_box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_to_unit_id_storage_units_id_fk" FOREIGN KEY ("to_unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_events" ADD CONSTRAINT "custody_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rack_types" ADD CONSTRAINT "storage_rack_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_positions" ADD CONSTRAINT "specimen_positions_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_positions" ADD CONSTRAINT "specimen_positions_box_id_storage_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."storage_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specimen_positions" ADD CONSTRAINT "specimen_positions_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_boxes" ADD CONSTRAINT "storage_boxes_box_type_id_storage_box_types_id_fk" FOREIGN KEY ("box_type_id") REFERENCES "public"."storage_box_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_boxes" ADD CONSTRAINT "storage_boxes_unit_id_storage_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_boxes" ADD CONSTRAINT "storage_boxes_rack_id_storage_racks_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."storage_racks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_boxes" ADD CONSTRAINT "storage_boxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_racks" ADD CONSTRAINT "storage_racks_unit_id_storage_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_racks" ADD CONSTRAINT "storage_racks_rack_type_id_storage_rack_types_id_fk" FOREIGN KEY ("rack_type_id") REFERENCES "public"."storage_rack_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_racks" ADD CONSTRAINT "storage_racks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rooms" ADD CONSTRAINT "storage_rooms_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rooms" ADD CONSTRAINT "storage_rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_units" ADD CONSTRAINT "storage_units_room_id_storage_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."storage_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_units" ADD CONSTRAINT "storage_units_temperature_id_temperatures_id_fk" FOREIGN KEY ("temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_units" ADD CONSTRAINT "storage_units_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_blocked_positions_cell_uq" ON "storage_blocked_positions" USING btree ("box_id","row","col");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_box_types_code_uq" ON "storage_box_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "custody_events_specimen_idx" ON "custody_events" USING btree ("specimen_id","at");--> statement-breakpoint
CREATE INDEX "custody_events_project_idx" ON "custody_events" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "custody_events_batch_idx" ON "custody_events" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_rack_types_code_uq" ON "storage_rack_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_positions_specimen_uq" ON "specimen_positions" USING btree ("specimen_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specimen_positions_cell_uq" ON "specimen_positions" USING btree ("box_id","row","col");--> statement-breakpoint
CREATE INDEX "specimen_positions_reservation_idx" ON "specimen_positions" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_boxes_code_uq" ON "storage_boxes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_boxes_slot_uq" ON "storage_boxes" USING btree ("rack_id","rack_row","rack_col");--> statement-breakpoint
CREATE INDEX "storage_boxes_unit_idx" ON "storage_boxes" USING btree ("unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_racks_code_uq" ON "storage_racks" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_racks_slot_uq" ON "storage_racks" USING btree ("unit_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_restrictions_uq" ON "storage_restrictions" USING btree ("level","level_id","kind","value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_rooms_code_uq" ON "storage_rooms" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_units_code_uq" ON "storage_units" USING btree ("code");--> statement-breakpoint
CREATE INDEX "storage_units_room_idx" ON "storage_units" USING btree ("room_id");