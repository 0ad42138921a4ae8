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
ALTER TABLE "label_print_jobs" ADD CONSTRAINT "label_print_jobs_template_id_label_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."label_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_print_jobs" ADD CONSTRAINT "label_print_jobs_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_templates" ADD CONSTRAINT "label_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_print_jobs_range_idx" ON "label_print_jobs" USING btree ("range_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_templates_code_version_uq" ON "label_templates" USING btree ("code","version");