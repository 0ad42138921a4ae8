CREATE TABLE "project_test_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"test_item_id" integer NOT NULL,
	"sex" text,
	"age_min" integer,
	"age_max" integer,
	"low" real,
	"high" real,
	"unit" text,
	"text" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voided_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"voided_by" integer,
	"voided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_test_items" ADD CONSTRAINT "project_test_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_test_items" ADD CONSTRAINT "project_test_items_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voided_barcodes" ADD CONSTRAINT "voided_barcodes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voided_barcodes" ADD CONSTRAINT "voided_barcodes_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_test_items_project_idx" ON "project_test_items" USING btree ("project_id","test_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voided_barcodes_project_code_uq" ON "voided_barcodes" USING btree ("project_id","code");