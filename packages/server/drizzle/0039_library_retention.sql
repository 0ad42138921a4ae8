CREATE TABLE "retention_extension_specimens" (
	"extension_id" integer NOT NULL,
	"specimen_id" integer NOT NULL,
	CONSTRAINT "retention_extension_specimens_extension_id_specimen_id_pk" PRIMARY KEY("extension_id","specimen_id")
);
--> statement-breakpoint
CREATE TABLE "retention_extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"until" date NOT NULL,
	"reason" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"sample_type_id" integer,
	"period" smallint NOT NULL,
	"unit" text NOT NULL,
	"start" text NOT NULL,
	"instruction" text NOT NULL,
	"return_type_id" integer,
	"note" text,
	"time_zone" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retention_extension_specimens" ADD CONSTRAINT "retention_extension_specimens_extension_id_retention_extensions_id_fk" FOREIGN KEY ("extension_id") REFERENCES "public"."retention_extensions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_extension_specimens" ADD CONSTRAINT "retention_extension_specimens_specimen_id_specimen_barcodes_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."specimen_barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_extensions" ADD CONSTRAINT "retention_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_return_type_id_stock_out_types_id_fk" FOREIGN KEY ("return_type_id") REFERENCES "public"."stock_out_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_extension_specimens_specimen_idx" ON "retention_extension_specimens" USING btree ("specimen_id");--> statement-breakpoint
CREATE INDEX "retention_rules_project_idx" ON "retention_rules" USING btree ("project_id","sample_type_id");