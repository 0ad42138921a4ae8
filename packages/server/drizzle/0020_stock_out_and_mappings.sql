CREATE TABLE "code_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"external_code" text NOT NULL,
	"external_name" text,
	"target_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_out_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL,
	"returns_sample" boolean NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_mappings" ADD CONSTRAINT "code_mappings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_mappings_code_uq" ON "code_mappings" USING btree (coalesce("project_id", 0),"kind","source","external_code");--> statement-breakpoint
CREATE INDEX "code_mappings_target_idx" ON "code_mappings" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_out_types_code_uq" ON "stock_out_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_out_types_name_uq" ON "stock_out_types" USING btree ("name");