ALTER TABLE "receipt_samples" ADD COLUMN "kit_lot_no" text;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "kit_expiry" date;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "collected_on" date;--> statement-breakpoint
ALTER TABLE "receipt_samples" ADD COLUMN "kit_expired" boolean DEFAULT false NOT NULL;