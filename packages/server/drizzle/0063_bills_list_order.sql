CREATE TABLE "finance_billable_event_counts" (
	"project_id" integer NOT NULL,
	"work_day" date NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "finance_billable_event_counts_project_id_work_day_kind_status_pk" PRIMARY KEY("project_id","work_day","kind","status")
);
--> statement-breakpoint
DROP INDEX "finance_billable_events_project_idx";--> statement-breakpoint
CREATE INDEX "finance_billable_events_day_idx" ON "finance_billable_events" USING btree ("work_day","id");--> statement-breakpoint
CREATE INDEX "finance_billable_events_project_idx" ON "finance_billable_events" USING btree ("project_id","work_day","id");--> statement-breakpoint
-- Kept by statement triggers with transition tables: each INSERT, UPDATE or DELETE of events adds its
-- rows' counts (an update takes its old rows' off and adds its new rows'), one upsert per statement.
CREATE OR REPLACE FUNCTION finance_billable_event_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO finance_billable_event_counts AS c (project_id, work_day, kind, status, n)
      SELECT project_id, work_day, kind, status, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (project_id, work_day, kind, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO finance_billable_event_counts AS c (project_id, work_day, kind, status, n)
      SELECT project_id, work_day, kind, status, count(*) FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (project_id, work_day, kind, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_billable_event_counts_insert AFTER INSERT ON finance_billable_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_billable_event_counts_apply();
--> statement-breakpoint
CREATE TRIGGER finance_billable_event_counts_update AFTER UPDATE ON finance_billable_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_billable_event_counts_apply();
--> statement-breakpoint
CREATE TRIGGER finance_billable_event_counts_delete AFTER DELETE ON finance_billable_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_billable_event_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_billable_event_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finance_billable_event_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_billable_event_counts_truncate AFTER TRUNCATE ON finance_billable_events
  FOR EACH STATEMENT EXECUTE FUNCTION finance_billable_event_counts_clear();
--> statement-breakpoint
INSERT INTO finance_billable_event_counts (project_id, work_day, kind, status, n)
  SELECT project_id, work_day, kind, status, count(*) FROM finance_billable_events GROUP BY 1, 2, 3, 4;
