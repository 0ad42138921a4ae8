CREATE INDEX "specimen_barcodes_library_idx" ON "specimen_barcodes" USING btree ("library","id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_code_prefix_idx" ON "specimen_barcodes" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "specimen_barcodes_parent_idx" ON "specimen_barcodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_subject_idx" ON "specimen_barcodes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_site_idx" ON "specimen_barcodes" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_sample_type_idx" ON "specimen_barcodes" USING btree ("sample_type_id");--> statement-breakpoint
CREATE INDEX "specimen_barcodes_signed_idx" ON "specimen_barcodes" USING btree ("signed_at");