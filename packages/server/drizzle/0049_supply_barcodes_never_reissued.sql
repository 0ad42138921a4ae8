-- A kit or tube code is never reissued (docs/supply.md "Barcodes and labels"): the database refuses
-- deleting a code, changing its code, serial or range, and bringing a voided or used code back.
-- The counter starts at 1 (one row: every project's serials come from it).
INSERT INTO supply_barcode_counter (id, next) VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION supply_barcodes_never_reissued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'supply_barcodes: a code is never deleted (%)', OLD.code;
  END IF;
  IF NEW.code <> OLD.code OR NEW.serial <> OLD.serial OR NEW.range_id <> OLD.range_id THEN
    RAISE EXCEPTION 'supply_barcodes: a code is never changed or reissued (%)', OLD.code;
  END IF;
  IF OLD.state = 'voided' AND NEW.state <> 'voided' THEN
    RAISE EXCEPTION 'supply_barcodes: a voided code stays voided (%)', OLD.code;
  END IF;
  IF OLD.state = 'used' AND NEW.state NOT IN ('used', 'voided') THEN
    RAISE EXCEPTION 'supply_barcodes: a used code is not issued again (%)', OLD.code;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER supply_barcodes_never_reissued BEFORE UPDATE OR DELETE ON supply_barcodes
  FOR EACH ROW EXECUTE FUNCTION supply_barcodes_never_reissued();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION supply_barcode_ranges_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'supply_barcode_ranges: a reservation is never deleted';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER supply_barcode_ranges_kept BEFORE DELETE ON supply_barcode_ranges
  FOR EACH ROW EXECUTE FUNCTION supply_barcode_ranges_kept();
