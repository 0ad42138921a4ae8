ALTER TABLE "projects" ADD COLUMN "en_name" text;--> statement-breakpoint
ALTER TABLE "label_templates" ADD COLUMN "en_name" text;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD COLUMN "en_size" text;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD COLUMN "en_vendor" text;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD COLUMN "en_unit" text;--> statement-breakpoint
ALTER TABLE "supply_consumables" ADD COLUMN "en_scope_of_use" text;