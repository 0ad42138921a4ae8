-- A confirmed statement never changes (docs/finance.md "Statements"): the database refuses updating
-- or deleting it and its lines, and adding lines to it; the one change allowed is the fapiao number
-- and date recorded afterwards. A reviewed adjustment and its lines never change either.
CREATE OR REPLACE FUNCTION finance_statements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'confirmed' THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'finance_statements: a confirmed statement is never deleted (%)', OLD.number;
  END IF;
  IF (to_jsonb(NEW) - 'fapiao_no' - 'fapiao_date' - 'version' - 'updated_at')
     IS DISTINCT FROM (to_jsonb(OLD) - 'fapiao_no' - 'fapiao_date' - 'version' - 'updated_at') THEN
    RAISE EXCEPTION 'finance_statements: a confirmed statement is never changed but for its fapiao (%)', OLD.number;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_statements_immutable BEFORE UPDATE OR DELETE ON finance_statements
  FOR EACH ROW EXECUTE FUNCTION finance_statements_immutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_statement_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN owner := NEW.statement_id; ELSE owner := OLD.statement_id; END IF;
  IF EXISTS (SELECT 1 FROM finance_statements s WHERE s.id = owner AND s.status = 'confirmed') THEN
    RAISE EXCEPTION 'finance_statement_lines: the lines of a confirmed statement never change (%)', owner;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_statement_lines_immutable BEFORE INSERT OR UPDATE OR DELETE ON finance_statement_lines
  FOR EACH ROW EXECUTE FUNCTION finance_statement_lines_immutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_adjustments_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'reviewed' THEN
    RAISE EXCEPTION 'finance_adjustments: a reviewed adjustment never changes (%)', OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_adjustments_immutable BEFORE UPDATE OR DELETE ON finance_adjustments
  FOR EACH ROW EXECUTE FUNCTION finance_adjustments_immutable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_adjustment_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN owner := NEW.adjustment_id; ELSE owner := OLD.adjustment_id; END IF;
  IF EXISTS (SELECT 1 FROM finance_adjustments a WHERE a.id = owner AND a.status = 'reviewed') THEN
    RAISE EXCEPTION 'finance_adjustment_lines: the lines of a reviewed adjustment never change (%)', owner;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_adjustment_lines_immutable BEFORE INSERT OR UPDATE OR DELETE ON finance_adjustment_lines
  FOR EACH ROW EXECUTE FUNCTION finance_adjustment_lines_immutable();
