CREATE TABLE "project_plan_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"delivery_model" text NOT NULL,
	"items" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "temperature_celsius" double precision;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "temperature_range" text;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "temperature_breach" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "query_id" integer;--> statement-breakpoint
ALTER TABLE "consumable_kits" ADD COLUMN "plan_no" text;--> statement-breakpoint
ALTER TABLE "consumable_kits" ADD COLUMN "offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project_plan_kits" ADD CONSTRAINT "project_plan_kits_plan_id_project_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."project_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_plan_kits_plan_name_uq" ON "project_plan_kits" USING btree ("plan_id","name");--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD CONSTRAINT "receipt_samples_query_id_clarification_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."clarification_queries"("id") ON DELETE no action ON UPDATE no action;