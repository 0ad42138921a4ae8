// Demo sampling and testing plans (/project/plan): the first project's plan online with a draft
// revision of it, the second project's plan submitted for review. The visits are the projects'
// existing visit points, linked to the plan through the module's own repository functions. Each plan
// defines the portal demo kits of its project; the online plan's kits are the ones the portal offers.
import { PLAN_SIGNATURE_MEANING, type PlanSampleInput } from '@trialab/api-contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import {
  copyKits,
  insertKit,
  insertPlan,
  publishKits,
  visitsOf,
  writeVisits,
} from '../modules/plans/repository.js';
import { planContentHash } from '../modules/plans/service.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';
import { PORTAL_DEMO_KITS } from './portal-demo.js';

type Sample = [
  type: string,
  container: string,
  volume: number,
  transport: string,
  storage: string,
  tests: string[],
];

/** Per visit (by position), the samples collected. */
const SAMPLES: Sample[][] = [
  [['WB', 'EDTA-2', 2, '2-8C', '2-8C', ['CBC']]],
  [
    ['WB', 'EDTA-2', 2, '2-8C', '2-8C', ['CBC']],
    ['SER', 'SST-5', 5, '2-8C', '-80C', ['LFT', 'RFT', 'LIPID']],
  ],
  [['SER', 'SST-5', 5, '2-8C', '-80C', ['LFT', 'RFT']]],
  [['PLA', 'EDTA-2', 4, '-20C', '-80C', ['HBA1C']]],
  [['SER', 'SST-5', 5, '2-8C', '-80C', ['LFT']]],
];

/**
 * Per visit (by position), its window: nominal day from enrolment, days allowed before and after.
 * Screening on the enrolment day (3 days' grace), baseline a week later, week 4 and week 12 within a
 * week, the follow-up within two.
 */
const WINDOWS: Array<[day: number, before: number, after: number]> = [
  [0, 0, 3],
  [7, 3, 3],
  [28, 7, 7],
  [84, 7, 7],
  [168, 14, 14],
];

/** The online plan of KM-2026-001 and its draft revision: [name, English name]. */
const ONCOLOGY_PLAN: [string, string] = [
  '肿瘤生物标志物采样与检测方案',
  'Tumour biomarker sampling and testing plan',
];

export async function seedPlansDemo(tx: Transaction, now: Date): Promise<void> {
  const byCode = (rows: Array<{ id: number; code: string }>) => new Map(rows.map((r) => [r.code, r.id]));
  const types = byCode(
    await tx.select({ id: s.sampleTypes.id, code: s.sampleTypes.code }).from(s.sampleTypes),
  );
  const temps = byCode(
    await tx.select({ id: s.temperatures.id, code: s.temperatures.code }).from(s.temperatures),
  );
  const items = byCode(await tx.select({ id: s.testItems.id, code: s.testItems.code }).from(s.testItems));
  const manager = await demoUser(tx, '13800000003');
  const approver = await demoUser(tx, '13800000000');
  // Blood samples come with the project's first kit (its blood collection kit), when it has one.
  const sampleOf = (
    [type, container, volume, transport, storage, tests]: Sample,
    bloodKitId?: number,
  ): PlanSampleInput => ({
    sampleTypeId: types.get(type) ?? 0,
    container,
    volume,
    unit: 'mL',
    count: 1,
    transportTemperatureId: temps.get(transport) ?? 0,
    storageTemperatureId: temps.get(storage) ?? 0,
    testItemIds: tests.map((code) => items.get(code) ?? 0),
    kitId: type === 'WB' || type === 'SER' ? (bloodKitId ?? null) : null,
  });
  const at = (days: number) => new Date(now.getTime() - days * 86_400_000);

  const plan = async (projectNo: string, [name, enName]: [string, string], status: string, days: number) => {
    const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, projectNo));
    if (!project) return undefined;
    const planNo = `${projectNo}-PLAN-A`;
    const row = await insertPlan(tx, {
      projectId: project.id,
      planNo,
      name,
      enName,
      status,
      createdBy: manager?.id ?? null,
      createdAt: at(days),
      updatedAt: at(days - 2),
    });
    // The project's visit points of this plan no become the plan's visits.
    await tx
      .update(s.visitPoints)
      .set({ planId: row.id })
      .where(and(eq(s.visitPoints.planNo, planNo), isNull(s.visitPoints.planId)));
    const visits = await visitsOf(tx, row.id);
    const target = { id: row.id, projectId: project.id, planNo };
    const kitIds: number[] = [];
    for (const kit of PORTAL_DEMO_KITS.filter((k) => k.projectNo === projectNo)) {
      const items = kit.items.map(([consumableName, size, vendor, unit, quantityPerKit, scopeOfUse]) => ({
        consumableName,
        size,
        vendor,
        unit,
        quantityPerKit,
        scopeOfUse,
      }));
      kitIds.push(
        (await insertKit(tx, row.id, { name: kit.name, deliveryModel: kit.deliveryModel, items })).id,
      );
    }
    const window = (i: number) => {
      const [day, windowBefore, windowAfter] = WINDOWS[i] ?? [];
      return day === undefined ? {} : { day, windowBefore, windowAfter };
    };
    const input = visits.map((v, i) => ({
      id: v.id,
      name: v.name,
      enName: v.enName,
      ...window(i),
      samples: (SAMPLES[i] ?? []).map((x) => sampleOf(x, kitIds[0])),
    }));
    await writeVisits(tx, target, input);
    if (status === 'online') await publishKits(tx, target);
    // Approved versions carry their approval signature, as the approve step leaves it.
    if ((status === 'online' || status === 'reviewed') && approver)
      await insertSignature(tx, {
        entity: 'projectPlan',
        entityId: row.id,
        action: 'approve',
        meaning: PLAN_SIGNATURE_MEANING.zh_CN,
        userId: approver.id,
        signerName: approver.username,
        signedAt: at(days - 1),
        contentHash: planContentHash({ planNo, revision: 1, visits: input }),
      });
    return { ...target, row, visits, window };
  };

  const online = await plan('KM-2026-001', ONCOLOGY_PLAN, 'online', 60);
  await plan('KM-2026-002', ['疫苗免疫原性采样方案', 'Vaccine immunogenicity sampling plan'], 'submitted', 5);
  // Work for every state that waits: approved (to go online) and returned (to be resubmitted).
  await plan('KM-2026-003', ['糖尿病II期采样方案', 'Type 2 diabetes phase II sampling plan'], 'reviewed', 8);
  await insertPlan(tx, {
    projectId:
      (await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-003')))[0]?.id ?? 0,
    planNo: 'KM-2026-003-PLAN-B',
    name: '糖尿病II期药代采样方案',
    enName: 'Type 2 diabetes phase II PK sampling plan',
    status: 'returned',
    returnReason: '请补充 PK 采血时间点',
    createdBy: manager?.id ?? null,
    createdAt: at(4),
    updatedAt: at(3),
  });
  if (!online) return;
  // A draft revision of the online plan: one more sample at the last visit.
  const revision = await insertPlan(tx, {
    projectId: online.projectId,
    planNo: online.planNo,
    name: ONCOLOGY_PLAN[0],
    enName: ONCOLOGY_PLAN[1],
    revision: 2,
    revisionOf: online.row.id,
    createdBy: manager?.id ?? null,
    createdAt: at(1),
    updatedAt: at(1),
  });
  const copies = await copyKits(tx, online.row.id, revision.id);
  const [bloodKit] = copies.values();
  await writeVisits(
    tx,
    { ...online, id: revision.id },
    online.visits.map((v, i) => ({
      name: v.name,
      enName: v.enName,
      ...online.window(i),
      samples: [...(SAMPLES[i] ?? []), ...(i === online.visits.length - 1 ? [SAMPLES[3]?.[0]] : [])]
        .filter((x): x is Sample => x !== undefined)
        .map((x) => sampleOf(x, bloodKit)),
    })),
  );
}
