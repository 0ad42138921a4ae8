-- Lines added to a confirmed statement are refused once per INSERT statement instead of once per row
-- (docs/performance.md "Billable events"): a statement's generation adds its lines by one
-- INSERT … SELECT, and a row trigger's look-up of the statement ran once for each of them (100,000
-- for a large statement). The rule is the same (0053): a confirmed statement's lines never change;
-- updates and deletes are still checked row by row.
DROP TRIGGER finance_statement_lines_immutable ON finance_statement_lines;
--> statement-breakpoint
CREATE TRIGGER finance_statement_lines_immutable BEFORE UPDATE OR DELETE ON finance_statement_lines
  FOR EACH ROW EXECUTE FUNCTION finance_statement_lines_immutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_statement_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  SELECT s.id INTO owner FROM finance_statements s
    WHERE s.status = 'confirmed' AND s.id IN (SELECT DISTINCT a.statement_id FROM added a)
    LIMIT 1;
  IF owner IS NOT NULL THEN
    RAISE EXCEPTION 'finance_statement_lines: the lines of a confirmed statement never change (%)', owner;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_statement_lines_added AFTER INSERT ON finance_statement_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION finance_statement_lines_added();
