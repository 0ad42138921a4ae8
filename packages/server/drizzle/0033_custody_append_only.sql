-- The custody log is append-only, like the audit trail: the database refuses UPDATE, DELETE and TRUNCATE.
CREATE OR REPLACE FUNCTION custody_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'custody_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER custody_events_no_update BEFORE UPDATE OR DELETE ON custody_events
  FOR EACH ROW EXECUTE FUNCTION custody_events_append_only();
--> statement-breakpoint
CREATE TRIGGER custody_events_no_truncate BEFORE TRUNCATE ON custody_events
  FOR EACH STATEMENT EXECUTE FUNCTION custody_events_append_only();
