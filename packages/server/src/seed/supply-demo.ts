// Demo data of supply (SEED_DEMO, after the portal and workflow demos): the catalogue behind the
// demo kits (their items linked to it), two stores, lots with near and far expiries, and a ledger
// telling every kind of movement: stock-in, the demo applications dispatched by FEFO, a transfer to
// the cold room, an adjustment, a write-off of a damaged box, stocktakes pending, approved and
// rejected. One lot sits inside the do-not-ship window (never shipped), one has expired.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { consumableKitItems, consumableOrderLines, consumableOrders } from '../db/schema-portal.js';
import {
  supplyConsumables,
  supplyLots,
  supplyMovements,
  supplyStocktakes,
  supplyStores,
} from '../db/schema-supply.js';
import { demoUser } from './lookups.js';
import { seedSupplierDemo } from './supply-suppliers-demo.js';

const DAY = 86_400_000;

/** The demo vendors' English names (as their supplier records, supply-suppliers-demo.ts). */
const VENDOR_EN: Record<string, string> = {
  示例医疗器械有限公司: 'Example Medical Devices Co., Ltd.',
  示例耗材公司: 'Example Consumables Ltd.',
};
/** The catalogue's units and their English words. */
const UNIT_EN: Record<string, string> = { 支: 'tube', 个: 'piece', 包: 'pack' };

/**
 * [code, name, English name, size, English size, vendor, unit, scope, English scope, lead days]:
 * the demo kits' consumables (the vendor's and unit's English words from the tables above).
 */
const CATALOGUE: Array<[string, string, string, string, string, string, string, string, string, number]> = [
  [
    'SC-EDTA-5',
    'EDTA抗凝采血管',
    'EDTA tube',
    '5ml',
    '5 mL',
    '示例医疗器械有限公司',
    '支',
    '血常规、PK',
    'CBC, PK',
    21,
  ],
  [
    'SC-SST-5',
    '血清分离胶管',
    'Serum separator tube',
    '5ml',
    '5 mL',
    '示例医疗器械有限公司',
    '支',
    '生化',
    'Biochemistry',
    21,
  ],
  [
    'SC-NDL-21',
    '一次性采血针',
    'Blood collection needle',
    '21G',
    '21G',
    '示例耗材公司',
    '个',
    '采血',
    'Blood draw',
    14,
  ],
  ['SC-URC-100', '尿杯', 'Urine cup', '100ml', '100 mL', '示例耗材公司', '个', '尿常规', 'Urinalysis', 14],
  [
    'SC-UTT-10',
    '尿液转移管',
    'Urine transfer tube',
    '10ml',
    '10 mL',
    '示例耗材公司',
    '支',
    '尿液分装',
    'Urine aliquoting',
    14,
  ],
  [
    'SC-SST-85',
    '血清分离胶管',
    'Serum separator tube',
    '8.5ml',
    '8.5 mL',
    '示例医疗器械有限公司',
    '支',
    '抗体检测',
    'Antibody testing',
    30,
  ],
  ['SC-CRY-2', '冻存管', 'Cryovial', '2ml', '2 mL', '示例耗材公司', '支', '血清分装', 'Serum aliquoting', 30],
  [
    'SC-PAD',
    '采血垫巾',
    'Phlebotomy pad',
    '50片',
    '50 sheets',
    '示例耗材公司',
    '包',
    '采血',
    'Blood draw',
    7,
  ],
];

/** [code, lot no, expiry in days from now, quantity received, unit cost, store, received days ago]. */
const LOTS: Array<[string, string, number, number, string, 'MAIN' | 'COLD', number]> = [
  // EDTA: one lot inside the do-not-ship window (120 days left), the next one FEFO takes, a later one.
  ['SC-EDTA-5', 'ED2405A', 120, 60, '1.8500', 'MAIN', 200],
  ['SC-EDTA-5', 'ED2411B', 300, 400, '1.9200', 'MAIN', 60],
  ['SC-EDTA-5', 'ED2502C', 540, 400, '1.9200', 'MAIN', 20],
  ['SC-SST-5', 'SS2409A', 280, 300, '2.3500', 'MAIN', 70],
  ['SC-SST-5', 'SS2412B', 460, 200, '2.4000', 'MAIN', 25],
  ['SC-NDL-21', 'ND2410A', 700, 500, '0.6500', 'MAIN', 60],
  ['SC-URC-100', 'UC2408A', 400, 150, '0.9000', 'MAIN', 90],
  ['SC-UTT-10', 'UT2406A', -10, 80, '1.1000', 'MAIN', 300],
  ['SC-UTT-10', 'UT2410B', 380, 200, '1.1000', 'MAIN', 50],
  ['SC-SST-85', 'SS8509A', 330, 200, '2.8000', 'COLD', 40],
  // Cryovials run low: the reorder suggestion asks for more.
  ['SC-CRY-2', 'CR2407A', 600, 40, '0.4500', 'COLD', 80],
  ['SC-PAD', 'PD2409A', 900, 100, '12.5000', 'MAIN', 70],
];

export async function seedSupplyDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const checker = await demoUser(tx, '13800000000');
  if (!keeper || !checker) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const day = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

  const stores = await tx
    .insert(supplyStores)
    .values([
      { code: 'MAIN', name: '耗材主库', enName: 'Main store', sort: 1 },
      { code: 'COLD', name: '2-8℃冷藏库', enName: 'Cold room 2-8 °C', sort: 2 },
    ])
    .returning();
  const store = (code: string) => stores.find((s) => s.code === code)?.id ?? 0;

  const consumables = await tx
    .insert(supplyConsumables)
    .values(
      CATALOGUE.map(
        ([code, name, enName, size, enSize, vendor, unit, scopeOfUse, enScopeOfUse, leadDays]) => ({
          code,
          name,
          enName,
          size,
          enSize,
          vendor,
          enVendor: VENDOR_EN[vendor] ?? null,
          unit,
          enUnit: UNIT_EN[unit] ?? null,
          scopeOfUse,
          enScopeOfUse,
          leadDays,
          createdBy: keeper.id,
          createdAt: ago(220),
          updatedAt: ago(220),
        }),
      ),
    )
    .returning();
  // A consumable taken out of use (the catalogue's other state).
  await tx.insert(supplyConsumables).values({
    code: 'SC-HEP-4',
    name: '肝素锂采血管',
    enName: 'Lithium heparin tube',
    size: '4ml',
    enSize: '4 mL',
    vendor: '示例医疗器械有限公司',
    enVendor: 'Example Medical Devices Co., Ltd.',
    unit: '支',
    enUnit: 'tube',
    scopeOfUse: '已由血清分离胶管替代',
    enScopeOfUse: 'Replaced by the serum separator tube',
    enabled: false,
    createdBy: keeper.id,
    createdAt: ago(400),
    updatedAt: ago(90),
  });

  // The demo kits' items and the demo applications' lines name their catalogue consumable.
  for (const c of consumables) {
    for (const table of [consumableKitItems, consumableOrderLines])
      await tx
        .update(table)
        .set({ consumableId: c.id })
        .where(and(eq(table.consumableName, c.name), eq(table.size, c.size ?? '')));
  }

  // Each lot came from its consumable's vendor (docs/supply.md "Suppliers").
  const suppliers = await seedSupplierDemo(tx, now, keeper.id);
  const lots = await tx
    .insert(supplyLots)
    .values(
      LOTS.map(([code, lotNo, expires, , unitCost, , received]) => ({
        consumableId: consumables.find((c) => c.code === code)?.id ?? 0,
        supplierId: suppliers.get(consumables.find((c) => c.code === code)?.vendor ?? '') ?? null,
        lotNo,
        expiryDate: day(expires),
        unitCost,
        createdBy: keeper.id,
        createdAt: ago(received),
      })),
    )
    .returning();
  const lot = (lotNo: string) => lots.find((l) => l.lotNo === lotNo) ?? { id: 0, expiryDate: null };
  const by = (days: number) => ({ createdBy: keeper.id, createdAt: ago(days) });
  await tx.insert(supplyMovements).values(
    LOTS.map(([, lotNo, , quantity, , storeCode, received]) => ({
      kind: 'in',
      lotId: lot(lotNo).id,
      storeId: store(storeCode),
      quantity,
      ...by(received),
    })),
  );

  // More of the urine cups' lot UC2408A came from the other supplier at its own price: a lot of its
  // own, so the ledger shows the lot no. twice, each with its supplier (docs/supply.md "Suppliers").
  const [cupsAgain] = await tx
    .insert(supplyLots)
    .values({
      consumableId: consumables.find((c) => c.code === 'SC-URC-100')?.id ?? 0,
      supplierId: suppliers.get('示例医疗器械有限公司') ?? null,
      lotNo: 'UC2408A',
      expiryDate: day(400),
      unitCost: '0.9500',
      ...by(30),
    })
    .returning({ id: supplyLots.id });
  if (cupsAgain)
    await tx
      .insert(supplyMovements)
      .values({ kind: 'in', lotId: cupsAgain.id, storeId: store('MAIN'), quantity: 50, ...by(30) });

  // The demo applications that went out took their kits' consumables by FEFO.
  const shipped = await tx
    .select({
      orderId: consumableOrders.id,
      orderNo: consumableOrders.orderNo,
      at: consumableOrders.dispatchTime,
      lineId: consumableOrderLines.id,
      consumableId: consumableOrderLines.consumableId,
      kitAmount: consumableOrderLines.kitAmount,
      perKit: consumableOrderLines.quantityPerKit,
    })
    .from(consumableOrderLines)
    .innerJoin(consumableOrders, eq(consumableOrders.id, consumableOrderLines.orderId))
    .where(inArray(consumableOrders.status, ['dispatched', 'received']));
  const fefoLot: Record<string, string> = {
    'SC-EDTA-5': 'ED2411B',
    'SC-SST-5': 'SS2409A',
    'SC-NDL-21': 'ND2410A',
  };
  for (const line of shipped) {
    const code = consumables.find((c) => c.id === line.consumableId)?.code ?? '';
    const lotNo = fefoLot[code];
    if (!lotNo || !line.at) continue;
    const taken = line.kitAmount * (line.perKit ?? 1);
    await tx.insert(supplyMovements).values({
      kind: 'issue',
      lotId: lot(lotNo).id,
      storeId: store('MAIN'),
      quantity: -taken,
      batch: line.orderNo,
      orderId: line.orderId,
      orderLineId: line.lineId,
      createdBy: keeper.id,
      createdAt: line.at,
    });
    await tx
      .update(consumableOrderLines)
      .set({ lotNumber: lotNo, outboundQuantity: line.kitAmount, expiryDate: lot(lotNo).expiryDate ?? null })
      .where(eq(consumableOrderLines.id, line.lineId));
  }

  // Cryovials used steadily over the quarter (the reorder suggestion's consumption).
  for (let d = 80; d > 0; d -= 10)
    await tx.insert(supplyMovements).values({
      kind: 'issue',
      lotId: lot('CR2407A').id,
      storeId: store('COLD'),
      quantity: -4,
      reason: '样本分装领用',
      ...by(d),
    });

  // A transfer of EDTA tubes to the cold room, an adjustment, a write-off of a damaged box.
  await tx.insert(supplyMovements).values([
    {
      kind: 'transfer',
      lotId: lot('ED2502C').id,
      storeId: store('MAIN'),
      quantity: -50,
      batch: 'TR-DEMO-1',
      ...by(12),
    },
    {
      kind: 'transfer',
      lotId: lot('ED2502C').id,
      storeId: store('COLD'),
      quantity: 50,
      batch: 'TR-DEMO-1',
      ...by(12),
    },
    {
      kind: 'adjust',
      lotId: lot('UC2408A').id,
      storeId: store('MAIN'),
      quantity: 10,
      reason: '供应商补发赠品',
      ...by(30),
    },
    {
      kind: 'writeOff',
      lotId: lot('UT2406A').id,
      storeId: store('MAIN'),
      quantity: -20,
      reason: '外箱受潮，整盒报废',
      ...by(15),
    },
  ]);

  // Stocktakes: one approved (posted), one rejected (recount asked), one waiting for approval.
  const onHand = async (lotNo: string) => {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${supplyMovements.quantity}), 0)::int` })
      .from(supplyMovements)
      .where(eq(supplyMovements.lotId, lot(lotNo).id));
    return Number(row?.n ?? 0);
  };
  const needles = await onHand('ND2410A');
  const pads = await onHand('PD2409A');
  const serum = await onHand('SS2409A');
  const [approved] = await tx
    .insert(supplyStocktakes)
    .values([
      {
        stocktakeNo: 'ST-DEMO-001',
        lotId: lot('ND2410A').id,
        storeId: store('MAIN'),
        expected: needles,
        counted: needles - 4,
        reason: '盘点少4个，疑为领用未登记',
        status: 'approved',
        createdBy: keeper.id,
        createdAt: ago(8),
        reviewedBy: checker.id,
        reviewedAt: ago(7),
        version: 2,
      },
      {
        stocktakeNo: 'ST-DEMO-002',
        lotId: lot('PD2409A').id,
        storeId: store('MAIN'),
        expected: pads,
        counted: pads - 10,
        reason: '少一箱',
        status: 'rejected',
        createdBy: keeper.id,
        createdAt: ago(5),
        reviewedBy: checker.id,
        reviewedAt: ago(4),
        reviewReason: '该箱在冷藏库，请复盘后重新登记',
        version: 2,
      },
      {
        stocktakeNo: 'ST-DEMO-003',
        lotId: lot('SS2409A').id,
        storeId: store('MAIN'),
        expected: serum,
        counted: serum - 2,
        reason: '月末盘点，2支破损未登记',
        status: 'pending',
        createdBy: keeper.id,
        createdAt: ago(1),
      },
    ])
    .returning();
  if (approved)
    await tx.insert(supplyMovements).values({
      kind: 'stocktake',
      lotId: approved.lotId,
      storeId: approved.storeId,
      quantity: approved.counted - approved.expected,
      reason: approved.reason,
      batch: approved.stocktakeNo,
      stocktakeId: approved.id,
      createdBy: checker.id,
      createdAt: ago(7),
    });
}
