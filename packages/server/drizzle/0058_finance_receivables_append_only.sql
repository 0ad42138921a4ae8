-- Payments and allocations are kept (docs/finance.md "Receivables"): a payment is never changed or
-- deleted; an allocation is never deleted, and its one change is being undone (who, when and why),
-- once. The money of an allocation never changes.
CREATE OR REPLACE FUNCTION finance_payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'finance_payments: a recorded payment is never changed or deleted (%)', OLD.id;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_payments_append_only BEFORE UPDATE OR DELETE ON finance_payments
  FOR EACH ROW EXECUTE FUNCTION finance_payments_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_allocations_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'finance_allocations: an allocation is never deleted, it is undone with a reason (%)', OLD.id;
  END IF;
  IF OLD.unallocated_at IS NOT NULL THEN
    RAISE EXCEPTION 'finance_allocations: an undone allocation never changes (%)', OLD.id;
  END IF;
  IF (to_jsonb(NEW) - 'unallocated_by' - 'unallocated_at' - 'unallocate_reason')
     IS DISTINCT FROM (to_jsonb(OLD) - 'unallocated_by' - 'unallocated_at' - 'unallocate_reason') THEN
    RAISE EXCEPTION 'finance_allocations: an allocation is only ever undone (%)', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER finance_allocations_append_only BEFORE UPDATE OR DELETE ON finance_allocations
  FOR EACH ROW EXECUTE FUNCTION finance_allocations_append_only();
