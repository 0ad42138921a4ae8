DROP INDEX "finance_billable_events_project_idx";--> statement-breakpoint
CREATE INDEX "finance_billable_events_day_idx" ON "finance_billable_events" USING btree ("work_day","id");--> statement-breakpoint
CREATE INDEX "finance_billable_events_project_idx" ON "finance_billable_events" USING btree ("project_id","work_day","id");