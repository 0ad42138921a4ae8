CREATE TABLE "form_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"stages" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_templates" ADD CONSTRAINT "plan_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_templates" ADD CONSTRAINT "plan_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_code_revision_uq" ON "form_templates" USING btree ("code","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_draft_uq" ON "form_templates" USING btree ("code") WHERE "form_templates"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_published_uq" ON "form_templates" USING btree ("code") WHERE "form_templates"."status" = 'published';--> statement-breakpoint
CREATE INDEX "form_templates_status_idx" ON "form_templates" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_templates_code_revision_uq" ON "plan_templates" USING btree ("code","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_templates_draft_uq" ON "plan_templates" USING btree ("code") WHERE "plan_templates"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_templates_published_uq" ON "plan_templates" USING btree ("code") WHERE "plan_templates"."status" = 'published';--> statement-breakpoint
CREATE INDEX "plan_templates_status_idx" ON "plan_templates" USING btree ("status");