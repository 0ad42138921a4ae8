ALTER TABLE "receipt_samples" ADD COLUMN "temperature_celsius" double precision;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "temperature_range" text;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "temperature_breach" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "query_id" integer;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD CONSTRAINT "receipt_samples_query_id_clarification_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."clarification_queries"("id") ON DELETE no action ON UPDATE no action;