-- Lots and the stock ledger are append-only, like the audit trail and the custody log: the database
-- refuses UPDATE, DELETE and TRUNCATE (a correction is a new movement: an adjustment, a write-off).
CREATE OR REPLACE FUNCTION supply_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER supply_lots_no_update BEFORE UPDATE OR DELETE ON supply_lots
  FOR EACH ROW EXECUTE FUNCTION supply_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER supply_lots_no_truncate BEFORE TRUNCATE ON supply_lots
  FOR EACH STATEMENT EXECUTE FUNCTION supply_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER supply_movements_no_update BEFORE UPDATE OR DELETE ON supply_movements
  FOR EACH ROW EXECUTE FUNCTION supply_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER supply_movements_no_truncate BEFORE TRUNCATE ON supply_movements
  FOR EACH STATEMENT EXECUTE FUNCTION supply_ledger_append_only();
