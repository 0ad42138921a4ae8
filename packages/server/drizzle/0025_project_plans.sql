CREATE TABLE "plan_visit_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_type_id" integer NOT NULL,
	"container" text,
	"volume" double precision NOT NULL,
	"unit" text NOT NULL,
	"count" integer NOT NULL,
	"transport_temperature_id" integer NOT NULL,
	"storage_temperature_id" integer NOT NULL,
	"test_item_ids" jsonb NOT NULL,
	"kit_id" integer
);
--> statement-breakpoint
CREATE TABLE "project_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"plan_no" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision_of" integer,
	"return_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_points" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "plan_visit_samples" ADD CONSTRAINT "plan_visit_samples_visit_id_visit_points_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visit_samples" ADD CONSTRAINT "plan_visit_samples_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visit_samples" ADD CONSTRAINT "plan_visit_samples_transport_temperature_id_temperatures_id_fk" FOREIGN KEY ("transport_temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_visit_samples" ADD CONSTRAINT "plan_visit_samples_storage_temperature_id_temperatures_id_fk" FOREIGN KEY ("storage_temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_plans" ADD CONSTRAINT "project_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_plans" ADD CONSTRAINT "project_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_visit_samples_visit_idx" ON "plan_visit_samples" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_plans_plan_no_revision_uq" ON "project_plans" USING btree ("plan_no","revision");--> statement-breakpoint
CREATE INDEX "project_plans_project_idx" ON "project_plans" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "visit_points" ADD CONSTRAINT "visit_points_plan_id_project_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."project_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_points_plan_idx" ON "visit_points" USING btree ("plan_id");