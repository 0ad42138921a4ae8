CREATE INDEX "custody_events_at_idx" ON "custody_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "custody_events_to_box_idx" ON "custody_events" USING btree ("to_box_id");--> statement-breakpoint
CREATE INDEX "custody_events_from_box_idx" ON "custody_events" USING btree ("from_box_id");--> statement-breakpoint
CREATE INDEX "custody_events_reference_idx" ON "custody_events" USING btree ("reference");