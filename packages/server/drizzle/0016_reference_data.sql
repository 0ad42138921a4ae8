ALTER TABLE "sample_types" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "container" text;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "storage_temperature_id" integer;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "min_celsius" double precision;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "max_celsius" double precision;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "for_transport" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "for_storage" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "temperatures" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Rows from before this migration get codes and ranges: the conditions of the demo seed by name,
-- any other row a code from its id and its range text left as it was (edit it on /platform/temperature).
UPDATE "temperatures" SET "code" = CASE "name" WHEN '常温' THEN 'RT' WHEN '冷藏' THEN '2-8C' WHEN '冷冻' THEN '-20C' WHEN '深低温' THEN '-80C' WHEN '液氮' THEN 'LN2' ELSE 'T' || "id" END;--> statement-breakpoint
UPDATE "temperatures" SET "min_celsius" = 15, "max_celsius" = 25, "range" = '15~25℃' WHERE "name" = '常温';--> statement-breakpoint
UPDATE "temperatures" SET "min_celsius" = 2, "max_celsius" = 8, "range" = '2~8℃' WHERE "name" = '冷藏';--> statement-breakpoint
UPDATE "temperatures" SET "min_celsius" = -25, "max_celsius" = -15, "range" = '-25~-15℃' WHERE "name" = '冷冻';--> statement-breakpoint
UPDATE "temperatures" SET "max_celsius" = -60, "range" = '≤-60℃' WHERE "name" = '深低温';--> statement-breakpoint
UPDATE "temperatures" SET "max_celsius" = -150, "range" = '≤-150℃', "for_transport" = false WHERE "name" = '液氮';--> statement-breakpoint
UPDATE "sample_types" SET "code" = CASE "name" WHEN '全血' THEN 'WB' WHEN '血清' THEN 'SER' WHEN '血浆' THEN 'PLA' WHEN '尿液' THEN 'URI' WHEN '组织' THEN 'TIS' ELSE 'S' || "id" END;--> statement-breakpoint
UPDATE "sample_types" SET "category" = CASE "name" WHEN '全血' THEN 'blood' WHEN '血清' THEN 'blood' WHEN '血浆' THEN 'blood' WHEN '尿液' THEN 'bodyFluid' WHEN '组织' THEN 'tissue' ELSE 'other' END;--> statement-breakpoint
ALTER TABLE "temperatures" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_types" ADD CONSTRAINT "sample_types_storage_temperature_id_temperatures_id_fk" FOREIGN KEY ("storage_temperature_id") REFERENCES "public"."temperatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_types_code_uq" ON "sample_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "temperatures_code_uq" ON "temperatures" USING btree ("code");