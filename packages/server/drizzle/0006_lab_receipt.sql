CREATE TABLE "receipt_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"kind" text NOT NULL,
	"captured_by" integer,
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"state" text NOT NULL,
	"received_quantity" integer NOT NULL,
	"exception_reason" text,
	"remark" text,
	"received_by" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"transport_id" integer PRIMARY KEY NOT NULL,
	"received_by" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "receipt_images" ADD CONSTRAINT "receipt_images_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_images" ADD CONSTRAINT "receipt_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_images" ADD CONSTRAINT "receipt_images_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD CONSTRAINT "receipt_samples_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD CONSTRAINT "receipt_samples_item_id_sample_transport_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."sample_transport_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD CONSTRAINT "receipt_samples_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transport_id_sample_transports_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."sample_transports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_images_transport_idx" ON "receipt_images" USING btree ("transport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_samples_item_uq" ON "receipt_samples" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "receipt_samples_transport_idx" ON "receipt_samples" USING btree ("transport_id");