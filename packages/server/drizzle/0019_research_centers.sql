CREATE TABLE "research_center_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"phone" text,
	"email" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_centers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"en_name" text,
	"province" text,
	"city" text,
	"address" text,
	"phone" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "research_center_id" integer;--> statement-breakpoint
ALTER TABLE "research_center_contacts" ADD CONSTRAINT "research_center_contacts_center_id_research_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."research_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_center_contacts_center_idx" ON "research_center_contacts" USING btree ("center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_centers_code_uq" ON "research_centers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "research_centers_name_uq" ON "research_centers" USING btree ("name");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_research_center_id_research_centers_id_fk" FOREIGN KEY ("research_center_id") REFERENCES "public"."research_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_research_center_idx" ON "sites" USING btree ("research_center_id");--> statement-breakpoint
-- Backfill (hand-written): one centre per distinct site name, numbered RC-0001… in the order the
-- names first appeared, and every existing site linked to it.
INSERT INTO "research_centers" ("code", "name")
SELECT 'RC-' || lpad(row_number() OVER (ORDER BY min("id"))::text, 4, '0'), "name"
FROM "sites" GROUP BY "name";--> statement-breakpoint
UPDATE "sites" SET "research_center_id" = rc."id" FROM "research_centers" rc WHERE rc."name" = "sites"."name";
