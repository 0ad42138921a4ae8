CREATE TABLE "project_progress_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_revision" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_progress_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"stage" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"owner_id" integer,
	"planned_start" date NOT NULL,
	"planned_due" date NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"form_template_id" integer,
	"values" jsonb,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD CONSTRAINT "project_progress_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD CONSTRAINT "project_progress_plans_template_id_plan_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."plan_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_plans" ADD CONSTRAINT "project_progress_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_tasks" ADD CONSTRAINT "project_progress_tasks_plan_id_project_progress_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."project_progress_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_tasks" ADD CONSTRAINT "project_progress_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_tasks" ADD CONSTRAINT "project_progress_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_tasks" ADD CONSTRAINT "project_progress_tasks_form_template_id_form_templates_id_fk" FOREIGN KEY ("form_template_id") REFERENCES "public"."form_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress_tasks" ADD CONSTRAINT "project_progress_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_progress_plans_project_idx" ON "project_progress_plans" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "project_progress_tasks_plan_idx" ON "project_progress_tasks" USING btree ("plan_id","sort");--> statement-breakpoint
CREATE INDEX "project_progress_tasks_owner_idx" ON "project_progress_tasks" USING btree ("owner_id","status");