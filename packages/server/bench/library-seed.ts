// The specimen library at scale, seeded with set-based SQL (generate_series) straight into the real
// tables, keeping every invariant the position engine keeps (docs/library.md "Guarantees"): one
// `stored` position per stored specimen, its `place` custody event putting it there, box counters
// equal to their positions, unit counters the sums of their boxes, unit capacity the sum of box
// capacities. Used by bench/library-scale.ts; nothing else writes these rows.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

export interface LibraryLayout {
  /** Stored specimens in all, spread evenly over `units` active units. */
  specimens: number;
  units: number;
  /** Backup units, empty, after the active ones (evacuation targets). */
  backups: number;
  /** Signed specimens awaiting storage (library `none`), for the allocation. */
  awaiting: number;
}

export const RACK_SIDE = 4;
export const BOX_SIDE = 9;
const BOX_CELLS = BOX_SIDE * BOX_SIDE;
const RACK_BOXES = RACK_SIDE * RACK_SIDE;

/** Racks per unit: enough 4x4 racks of 9x9 boxes for its share of the specimens. */
export function racksPerUnit(layout: LibraryLayout): number {
  return Math.max(1, Math.ceil(Math.ceil(layout.specimens / layout.units) / (RACK_BOXES * BOX_CELLS)));
}

export const unitCode = (n: number) => `LSB-U${String(n).padStart(3, '0')}`;
/** Stored specimens are LS0000001.., awaiting ones LSN00001... */
export const storedCode = (n: number) => `LS${String(n).padStart(7, '0')}`;
export const awaitingCode = (n: number) => `LSN${String(n).padStart(5, '0')}`;

export interface Seeded {
  keeperId: number;
  projectIds: number[];
  sampleTypeIds: number[];
  temperatureId: number;
  perUnit: number;
  racks: number;
  boxes: number;
}

/** Seeds the library on top of the demo data; answers what the bench needs to know of it. */
export async function seedLibrary(db: Database, layout: LibraryLayout): Promise<Seeded> {
  const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;
  const { keeper } = await one<{ keeper: number }>(
    sql`SELECT id AS keeper FROM users WHERE mobile = '13800000004'`,
  );
  const { temperature } = await one<{ temperature: number }>(
    sql`SELECT id AS temperature FROM temperatures WHERE code = '-80C'`,
  );
  // The keeper's three projects; sample types of the reference data.
  const projectIds = (
    await rows(
      sql`SELECT id FROM projects WHERE project_no IN ('KM-2026-001', 'KM-2026-002', 'KM-2026-003') ORDER BY project_no`,
    )
  ).map((r) => Number(r.id));
  // Each project's first site: the specimens are received from it (project-overview counts them).
  const siteOf = new Map(
    (
      await rows(
        sql`SELECT project_id, min(id) AS site FROM sites WHERE project_id IN (${sql.raw(projectIds.join(','))}) GROUP BY project_id`,
      )
    ).map((r) => [Number(r.project_id), Number(r.site)]),
  );
  const sampleTypeIds = (await rows(sql`SELECT id FROM sample_types ORDER BY id LIMIT 6`)).map((r) =>
    Number(r.id),
  );
  const perUnit = Math.ceil(layout.specimens / layout.units);
  const racks = racksPerUnit(layout);
  const allUnits = layout.units + layout.backups;
  const projects = sql.raw(`ARRAY[${projectIds.join(',')}]`);
  const projectSites = sql.raw(`ARRAY[${projectIds.map((id) => siteOf.get(id) ?? 'NULL').join(',')}]::int[]`);
  const types = sql.raw(`ARRAY[${sampleTypeIds.join(',')}]`);
  const stamp = sql`now() - interval '400 days'`;

  await db.execute(sql`SET synchronous_commit = off`);
  const { rack_type: rackType } = await one<{ rack_type: number }>(sql`
    INSERT INTO storage_rack_types (code, name, rows, cols, created_by, created_at, updated_at)
    VALUES ('RT-LSB-4x4', 'bench rack 4x4', ${RACK_SIDE}, ${RACK_SIDE}, ${keeper}, ${stamp}, ${stamp})
    RETURNING id AS rack_type`);
  const { box_type: boxType } = await one<{ box_type: number }>(sql`
    INSERT INTO storage_box_types (code, name, kind, rows, cols, labels, fill_order, created_by, created_at, updated_at)
    VALUES ('BT-LSB-9x9', 'bench box 9x9', 'grid', ${BOX_SIDE}, ${BOX_SIDE}, 'alnum', 'row', ${keeper}, ${stamp}, ${stamp})
    RETURNING id AS box_type`);
  const { room } = await one<{ room: number }>(sql`
    INSERT INTO storage_rooms (code, name, temperature_id, created_by, created_at, updated_at)
    VALUES ('LSB-ROOM', 'bench −80 ℃ hall', ${temperature}, ${keeper}, ${stamp}, ${stamp})
    RETURNING id AS room`);
  await db.execute(sql`
    INSERT INTO storage_units (code, name, room_id, kind, temperature_id, set_celsius, status, rows, cols,
                               created_by, created_at, updated_at)
    SELECT 'LSB-U' || lpad(u::text, 3, '0'), 'bench freezer ' || u, ${room}, 'freezer', ${temperature}, -80,
           CASE WHEN u > ${layout.units} THEN 'backup' ELSE 'active' END, 1, ${racks},
           ${keeper}, ${stamp}, ${stamp}
    FROM generate_series(1, ${allUnits}) AS u`);
  await db.execute(sql`
    INSERT INTO storage_racks (code, unit_id, slot, rack_type_id, rows, cols, created_by, created_at, updated_at)
    SELECT u.code || '-R' || lpad(s::text, 2, '0'), u.id, s, ${rackType}, ${RACK_SIDE}, ${RACK_SIDE},
           ${keeper}, ${stamp}, ${stamp}
    FROM storage_units u CROSS JOIN generate_series(1, ${racks}) AS s
    WHERE u.code LIKE 'LSB-U%'`);
  await db.execute(sql`
    INSERT INTO storage_boxes (code, box_type_id, kind, rows, cols, capacity, labels, fill_order, unit_id,
                               rack_id, rack_row, rack_col, created_by, created_at, updated_at)
    SELECT r.code || '-' || chr(64 + rr) || cc, ${boxType}, 'grid', ${BOX_SIDE}, ${BOX_SIDE}, ${BOX_CELLS},
           'alnum', 'row', r.unit_id, r.id, rr, cc, ${keeper}, ${stamp}, ${stamp}
    FROM storage_racks r CROSS JOIN generate_series(1, ${RACK_SIDE}) AS rr
         CROSS JOIN generate_series(1, ${RACK_SIDE}) AS cc
    WHERE r.code LIKE 'LSB-U%'`);
  // Box number n within its unit (0-based: rack slot, then row, then column), the fill order of
  // the seed.
  await db.execute(sql`
    CREATE TEMP TABLE lsb_boxes AS
    SELECT b.id AS box_id, b.unit_id, substr(u.code, 6)::int AS unit_no,
           (r.slot - 1) * ${RACK_BOXES} + (b.rack_row - 1) * ${RACK_SIDE} + (b.rack_col - 1) AS box_no
    FROM storage_boxes b JOIN storage_racks r ON r.id = b.rack_id JOIN storage_units u ON u.id = b.unit_id
    WHERE u.code LIKE 'LSB-U%'`);
  await db.execute(sql`CREATE UNIQUE INDEX ON lsb_boxes (unit_no, box_no)`);
  // Specimen g (1-based) is the k-th of unit (g-1)/perUnit + 1; its unit's project, its box's sample
  // type, one of ten visits; signed 30 s apart, the newest now.
  await db.execute(sql`
    INSERT INTO specimen_barcodes (code, project_id, site_id, visit, sample_type_id, status, storage, library,
                                   volume_ul, temperature_id, signed_by, signed_at, created_by, created_at)
    SELECT 'LS' || lpad(g::text, 7, '0'),
           (${projects})[1 + ((g - 1) / ${perUnit}) % ${projectIds.length}],
           (${projectSites})[1 + ((g - 1) / ${perUnit}) % ${projectIds.length}],
           'V' || (1 + g % 10),
           (${types})[1 + (((g - 1) % ${perUnit}) / ${BOX_CELLS}) % ${sampleTypeIds.length}],
           'signed', 'unstored', 'stored', 500, ${temperature}, ${keeper},
           now() - (${layout.specimens} - g) * interval '30 seconds', ${keeper},
           now() - (${layout.specimens} - g) * interval '30 seconds' - interval '1 hour'
    FROM generate_series(1, ${layout.specimens}) AS g`);
  // Where each goes: (specimen, box, row, col, label).
  await db.execute(sql`
    CREATE TEMP TABLE lsb_cells AS
    SELECT s.id AS specimen_id, s.project_id, s.signed_at, b.box_id, b.unit_id,
           (x.k % ${BOX_CELLS}) / ${BOX_SIDE} + 1 AS row, x.k % ${BOX_SIDE} + 1 AS col
    FROM specimen_barcodes s
    CROSS JOIN LATERAL (SELECT substr(s.code, 3)::int - 1 AS i) AS n
    CROSS JOIN LATERAL (SELECT n.i / ${perUnit} + 1 AS unit_no, n.i % ${perUnit} AS k) AS x
    JOIN lsb_boxes b ON b.unit_no = x.unit_no AND b.box_no = x.k / ${BOX_CELLS}
    WHERE s.code ~ '^LS[0-9]{7}$'`);
  await db.execute(sql`
    INSERT INTO specimen_positions (specimen_id, box_id, row, col, status, placed_by, placed_at)
    SELECT specimen_id, box_id, row, col, 'stored', ${keeper}, signed_at + interval '1 hour'
    FROM lsb_cells ORDER BY box_id, row, col`);
  await db.execute(sql`
    INSERT INTO custody_events (specimen_id, project_id, action, to_box_id, to_unit_id, to_position,
                                batch_id, reference, user_id, at)
    SELECT specimen_id, project_id, 'place', box_id, unit_id, chr(64 + row) || col,
           'bench-seed-' || box_id, 'bench', ${keeper}, signed_at + interval '1 hour'
    FROM lsb_cells ORDER BY specimen_id`);
  // The counters, as the engine keeps them.
  await db.execute(sql`
    UPDATE storage_boxes b SET stored = c.n
    FROM (SELECT box_id, count(*)::int AS n FROM lsb_cells GROUP BY box_id) c WHERE c.box_id = b.id`);
  await db.execute(sql`
    UPDATE storage_units u SET stored = c.stored, capacity = c.capacity
    FROM (SELECT unit_id, sum(stored)::int AS stored, sum(coalesce(capacity, 0))::int AS capacity
          FROM storage_boxes GROUP BY unit_id) c
    WHERE c.unit_id = u.id AND u.code LIKE 'LSB-U%'`);
  // Awaiting storage: signed, out of temporary storage, not in the library (KM-2026-001, −80 ℃).
  await db.execute(sql`
    INSERT INTO specimen_barcodes (code, project_id, visit, sample_type_id, status, storage, library,
                                   temperature_id, signed_by, signed_at, created_by, created_at)
    SELECT 'LSN' || lpad(g::text, 5, '0'), ${projectIds[0]}, 'V1', ${sampleTypeIds[0]}, 'signed', 'unstored',
           'none', ${temperature}, ${keeper}, now(), ${keeper}, now()
    FROM generate_series(1, ${layout.awaiting}) AS g`);
  await db.execute(sql`DROP TABLE lsb_cells`);
  await db.execute(sql`DROP TABLE lsb_boxes`);
  await db.execute(sql`SET synchronous_commit = on`);
  for (const table of [
    'specimen_barcodes',
    'specimen_positions',
    'custody_events',
    'storage_boxes',
    'storage_racks',
    'storage_units',
  ]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  return {
    keeperId: keeper,
    projectIds,
    sampleTypeIds,
    temperatureId: temperature,
    perUnit,
    racks,
    boxes: allUnits * racks * RACK_BOXES,
  };
}
