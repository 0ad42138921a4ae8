CREATE TABLE "supply_supplier_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"doc_no" text NOT NULL,
	"expiry_date" date NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"file_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"block_reason" text,
	"blocked_by" integer,
	"blocked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supply_lots" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "supply_supplier_qualifications" ADD CONSTRAINT "supply_supplier_qualifications_supplier_id_supply_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supply_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_supplier_qualifications" ADD CONSTRAINT "supply_supplier_qualifications_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_suppliers" ADD CONSTRAINT "supply_suppliers_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_suppliers" ADD CONSTRAINT "supply_suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_qualifications_supplier_idx" ON "supply_supplier_qualifications" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supply_qualifications_expiry_idx" ON "supply_supplier_qualifications" USING btree ("expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_suppliers_code_uq" ON "supply_suppliers" USING btree ("code");--> statement-breakpoint
ALTER TABLE "supply_lots" ADD CONSTRAINT "supply_lots_supplier_id_supply_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supply_suppliers"("id") ON DELETE no action ON UPDATE no action;