ALTER TABLE "depts" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "depts" ADD COLUMN "leader" text;--> statement-breakpoint
ALTER TABLE "depts" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "depts_sibling_name_uq" ON "depts" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "depts_code_uq" ON "depts" USING btree ("code");