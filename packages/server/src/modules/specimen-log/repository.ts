// The specimen log (/laboratory/specimen-logger): every audited event of the records that carry a
// barcode — the registered barcode itself, the shipment it came with, its test order, its results
// and report versions, queries and feedback about it. Read from those records and the audit trail;
// nothing is copied.
import type { SpecimenEventKind, SpecimenEventRow } from '@trialab/api-contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { containsPattern } from '../../lib/search.js';
import { dayRange } from '../../lib/time-zone.js';

export interface Filter {
  barcode: string;
  kinds?: SpecimenEventKind[] | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  /** The user's zone, in which `from` and `to` are days (`to` inclusive). */
  zone: string;
}

/** Rows of a source limited to the caller's projects (staff only reach the log). */
function inProjects(scope: SiteScope, column: SQL): SQL {
  if (scope.all) return sql`TRUE`;
  const ids = [...scope.projectIds];
  return ids.length > 0 ? sql`${column} IN (${sql.join(ids, sql`, `)})` : sql`FALSE`;
}

/**
 * The records of the matching barcodes as (entity, id, barcode, reference): the audit trail names
 * its records by entity and id, so joining on both gives each record's events.
 */
function refs(scope: SiteScope, pattern: string): SQL {
  return sql`
    SELECT 'specimenBarcode' AS entity, b.id, b.code AS barcode, b.code AS reference
      FROM specimen_barcodes b WHERE b.code ILIKE ${pattern} AND ${inProjects(scope, sql`b.project_id`)}
    UNION ALL
    SELECT 'sampleTransport', t.id, b.code, t.order_no
      FROM specimen_barcodes b JOIN sample_transports t ON t.id = b.transport_id
      WHERE b.code ILIKE ${pattern} AND ${inProjects(scope, sql`b.project_id`)}
    UNION ALL
    SELECT 'testOrder', o.id, o.barcode, 'TO-' || o.id
      FROM lab_test_orders o WHERE o.barcode ILIKE ${pattern} AND ${inProjects(scope, sql`o.project_id`)}
    UNION ALL
    SELECT 'labReport', r.id, r.barcode,
           r.report_no || CASE WHEN r.revision > 0 THEN ' v' || r.revision ELSE '' END
      FROM lab_reports r WHERE r.barcode ILIKE ${pattern} AND ${inProjects(scope, sql`r.project_id`)}
    UNION ALL
    SELECT 'clarificationQuery', q.id, q.barcode, q.query_no
      FROM clarification_queries q
      WHERE q.barcode ILIKE ${pattern} AND ${inProjects(scope, sql`q.project_id`)}
    UNION ALL
    SELECT 'labFeedback', f.id, f.barcode, f.feedback_no
      FROM lab_feedback f WHERE f.barcode ILIKE ${pattern} AND ${inProjects(scope, sql`f.project_id`)}`;
}

const KIND = sql`CASE refs.entity
  WHEN 'specimenBarcode' THEN 'specimen'
  WHEN 'sampleTransport' THEN 'shipment'
  WHEN 'testOrder' THEN 'order'
  WHEN 'labReport' THEN CASE WHEN a.action IN ('report.create', 'report.update') THEN 'result' ELSE 'report' END
  WHEN 'clarificationQuery' THEN 'query'
  ELSE 'feedback' END`;

function events(scope: SiteScope, filter: Filter): SQL {
  const pattern = containsPattern(filter.barcode);
  const kinds = filter.kinds && filter.kinds.length > 0 ? filter.kinds : null;
  const { from, until } = dayRange(filter.from, filter.to, filter.zone);
  return sql`
    WITH refs AS (${refs(scope, pattern)})
    SELECT a.id::int AS id, a.at, refs.barcode, ${KIND} AS kind, a.action, refs.reference,
           a.username, a.reason, a.workstation
      FROM audit_log a JOIN refs ON a.entity = refs.entity AND a.entity_id = refs.id::text
     WHERE a.action <> 'clarification.view'
       ${from ? sql`AND a.at >= ${from.toISOString()}::timestamptz` : sql``}
       ${until ? sql`AND a.at < ${until.toISOString()}::timestamptz` : sql``}
       ${kinds ? sql`AND ${KIND} IN (${sql.join(kinds, sql`, `)})` : sql``}`;
}

type Raw = Omit<SpecimenEventRow, 'at'> & { at: Date | string };

async function rows(db: Executor, query: SQL): Promise<Raw[]> {
  // Both drivers answer { rows } for a raw statement.
  return ((await db.execute(query)) as unknown as { rows: Raw[] }).rows;
}

/** The events of the matching barcodes in the scope, `limit` of them from `offset`, with their total. */
export async function pageEvents(
  db: Executor,
  scope: SiteScope,
  filter: Filter,
  limit: number,
  offset: number,
): Promise<Page<SpecimenEventRow>> {
  const base = events(scope, filter);
  const [counted] = await rows(db, sql`SELECT count(*)::int AS id FROM (${base}) e`);
  const found = await rows(
    db,
    // The exact barcode first, then each barcode's timeline in order.
    sql`SELECT * FROM (${base}) e
        ORDER BY e.barcode <> ${filter.barcode}, e.barcode, e.at, e.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  return new Page(
    found.map(
      (r): SpecimenEventRow => ({
        ...r,
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        kind: r.kind,
      }),
    ),
    Number(counted?.id ?? 0),
  );
}
