CREATE TABLE "test_item_settings" (
	"test_item_id" integer PRIMARY KEY NOT NULL,
	"sample_type_id" integer,
	"methodology" text,
	"unit" text,
	"reference_range" text,
	"result_type" text DEFAULT 'numeric' NOT NULL,
	"decimals" smallint DEFAULT 2 NOT NULL,
	"tat_hours" integer,
	"remark" text,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_item_settings" ADD CONSTRAINT "test_item_settings_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_item_settings" ADD CONSTRAINT "test_item_settings_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_item_settings" ADD CONSTRAINT "test_item_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_item_settings_sample_type_idx" ON "test_item_settings" USING btree ("sample_type_id");