CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"rows" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_checkpoints_last_id_idx" ON "audit_checkpoints" USING btree ("last_id");--> statement-breakpoint
-- Checkpoints are append-only like the trail they sign (an attacker who disables this is still
-- caught by the auditors' exported copies, docs/operations.md).
CREATE OR REPLACE FUNCTION append_only_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION append_only_table();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_table();
