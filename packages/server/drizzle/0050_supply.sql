CREATE TABLE "supply_consumables" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"size" text,
	"vendor" text,
	"unit" text NOT NULL,
	"picture_file_id" integer,
	"scope_of_use" text,
	"lead_days" integer DEFAULT 14 NOT NULL,
	"safety_days" integer DEFAULT 7 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"consumable_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"expiry_date" date NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"certificate_file_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lot_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text,
	"batch" text,
	"order_id" integer,
	"order_line_id" integer,
	"stocktake_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_stocktakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"stocktake_no" text NOT NULL,
	"lot_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumable_kit_items" ADD COLUMN "consumable_id" integer;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD COLUMN "consumable_id" integer;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD CONSTRAINT "supply_consumables_picture_file_id_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD CONSTRAINT "supply_consumables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_lots" ADD CONSTRAINT "supply_lots_consumable_id_supply_consumables_id_fk" FOREIGN KEY ("consumable_id") REFERENCES "public"."supply_consumables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_lots" ADD CONSTRAINT "supply_lots_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_lots" ADD CONSTRAINT "supply_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_lot_id_supply_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."supply_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_store_id_supply_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."supply_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_movements" ADD CONSTRAINT "supply_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_stocktakes" ADD CONSTRAINT "supply_stocktakes_lot_id_supply_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."supply_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_stocktakes" ADD CONSTRAINT "supply_stocktakes_store_id_supply_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."supply_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_stocktakes" ADD CONSTRAINT "supply_stocktakes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_stocktakes" ADD CONSTRAINT "supply_stocktakes_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supply_consumables_code_uq" ON "supply_consumables" USING btree ("code");--> statement-breakpoint
CREATE INDEX "supply_consumables_name_idx" ON "supply_consumables" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_lots_consumable_lot_uq" ON "supply_lots" USING btree ("consumable_id","lot_no");--> statement-breakpoint
CREATE INDEX "supply_lots_lot_no_idx" ON "supply_lots" USING btree ("lot_no");--> statement-breakpoint
CREATE INDEX "supply_movements_lot_store_idx" ON "supply_movements" USING btree ("lot_id","store_id");--> statement-breakpoint
CREATE INDEX "supply_movements_order_line_idx" ON "supply_movements" USING btree ("order_line_id") WHERE "supply_movements"."order_line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "supply_movements_created_idx" ON "supply_movements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_stocktakes_no_uq" ON "supply_stocktakes" USING btree ("stocktake_no");--> statement-breakpoint
CREATE INDEX "supply_stocktakes_status_idx" ON "supply_stocktakes" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_stores_code_uq" ON "supply_stores" USING btree ("code");--> statement-breakpoint
ALTER TABLE "consumable_kit_items" ADD CONSTRAINT "consumable_kit_items_consumable_id_supply_consumables_id_fk" FOREIGN KEY ("consumable_id") REFERENCES "public"."supply_consumables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumable_order_lines" ADD CONSTRAINT "consumable_order_lines_consumable_id_supply_consumables_id_fk" FOREIGN KEY ("consumable_id") REFERENCES "public"."supply_consumables"("id") ON DELETE no action ON UPDATE no action;