-- specimen_barcode_counts is kept by the database (docs/reports.md "barcode-stat"): after every
-- INSERT, UPDATE, DELETE or TRUNCATE of specimen_barcodes, in the same transaction, the statement's
-- rows before (-1) and after (+1) are counted per key and added to the summary. Every path that
-- changes a barcode (receipt, the position engine, batch edits, seeds, a bench's SQL) goes through
-- this one place; no code writes the summary.
CREATE OR REPLACE FUNCTION specimen_barcode_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM specimen_barcode_counts;
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    INSERT INTO specimen_barcode_counts AS c (project_id, site_id, quarter, status, library, received, n)
    SELECT project_id, site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'),
           status, library, parent_id IS NULL AND signed_at IS NOT NULL, sum(d)::int
    FROM (%s) AS changed
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT specimen_barcode_counts_key DO UPDATE SET n = c.n + excluded.n$q$,
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT *, 1 AS d FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT *, -1 AS d FROM old_rows'
      ELSE 'SELECT *, 1 AS d FROM new_rows UNION ALL SELECT *, -1 AS d FROM old_rows'
    END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER specimen_barcode_counts_inserted AFTER INSERT ON specimen_barcodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION specimen_barcode_counts_keep();
--> statement-breakpoint
CREATE TRIGGER specimen_barcode_counts_updated AFTER UPDATE ON specimen_barcodes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION specimen_barcode_counts_keep();
--> statement-breakpoint
CREATE TRIGGER specimen_barcode_counts_deleted AFTER DELETE ON specimen_barcodes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION specimen_barcode_counts_keep();
--> statement-breakpoint
CREATE TRIGGER specimen_barcode_counts_truncated AFTER TRUNCATE ON specimen_barcodes
  FOR EACH STATEMENT EXECUTE FUNCTION specimen_barcode_counts_keep();
--> statement-breakpoint
-- The barcodes already there.
INSERT INTO specimen_barcode_counts (project_id, site_id, quarter, status, library, received, n)
SELECT project_id, site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'),
       status, library, parent_id IS NULL AND signed_at IS NOT NULL, count(*)::int
FROM specimen_barcodes
GROUP BY 1, 2, 3, 4, 5, 6;
