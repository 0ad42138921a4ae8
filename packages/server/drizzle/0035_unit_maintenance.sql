CREATE TABLE "storage_unit_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"interval_days" smallint,
	"remark" text,
	"time_zone" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"done_remark" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_unit_tasks" ADD CONSTRAINT "storage_unit_tasks_unit_id_storage_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_unit_tasks" ADD CONSTRAINT "storage_unit_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_unit_tasks" ADD CONSTRAINT "storage_unit_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_unit_tasks_unit_idx" ON "storage_unit_tasks" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "storage_unit_tasks_due_idx" ON "storage_unit_tasks" USING btree ("due_on");