// Demo data of identity-verified custody (SEED_DEMO; docs/library.md "Identity-verified custody"):
// authorised recipients and witnesses of the demo projects, among them the simulated devices' card
// holders (sim-devices idcards.ts: 测试甲 card B is read by default, 测试乙 card C carries a
// fingerprint, 测试丙 card J), so a handover at a demo workstation identifies someone; and the
// identity checks of the demo's carried-out bills, one with its captured handover form; and four
// stored serum specimens LC-0001..LC-0004 of KM-2026-001 (ULT-01-R02-A4, row I) that no demo bill
// holds, for a handover tried end to end.
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { storageBoxes } from '../db/schema-library.js';
import { specimenBills } from '../db/schema-library-bills.js';
import { libraryCustodyChecks, libraryRecipients } from '../db/schema-library-custody.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import type { FileStore } from '../lib/file-store.js';
import { cardHash } from '../modules/lab/subjects/repository.js';
import { maskCardNo } from '../modules/lab/subjects/service.js';
import { assign } from '../services/positions/engine.js';
import { demoUser } from './lookups.js';

interface DemoRecipient {
  project: string;
  name: string;
  organisation: string;
  role: 'receiver' | 'witness' | 'both';
  cardType: 'A' | 'B' | 'C' | 'J' | 'I';
  cardId: string;
  phone: string;
}

/** The simulated card numbers (region 99 / 81, valid check digits) and one demo-only number. */
const RECIPIENTS: DemoRecipient[] = [
  {
    project: 'KM-2026-001',
    name: '王医生',
    organisation: '合作检测实验室 B',
    role: 'receiver',
    cardType: 'B',
    cardId: '99010119800101009X',
    phone: '13900000101',
  },
  {
    project: 'KM-2026-001',
    name: '测试甲',
    organisation: '演示检测实验室（仿真）',
    role: 'receiver',
    cardType: 'B',
    cardId: '990101199003070015',
    phone: '13900000102',
  },
  {
    project: 'KM-2026-001',
    name: '测试乙',
    organisation: '质量保证部（仿真）',
    role: 'witness',
    cardType: 'C',
    cardId: '990102198511220026',
    phone: '13900000103',
  },
  {
    project: 'KM-2026-002',
    name: '测试丙',
    organisation: '申办方样本库（仿真）',
    role: 'both',
    cardType: 'J',
    cardId: '810000199501010031',
    phone: '13900000104',
  },
];

/** A picture of a signed handover form, as the document camera would give it (JPEG). */
async function formImage(billNo: string, receiver: string): Promise<Buffer> {
  const lines = [`Specimen handover form ${billNo}`, `Receiver: ${receiver}`, 'Signed: receiver / keeper'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420">
<rect width="600" height="420" fill="#fbfaf5"/>
${lines.map((l, i) => `<text x="40" y="${70 + i * 60}" font-family="sans-serif" font-size="24" fill="#222">${l}</text>`).join('')}
<path d="M60 330 q30 -40 60 0 t60 0 t60 -10" stroke="#1a3c8c" stroke-width="3" fill="none"/>
<path d="M360 330 q20 -30 50 0 t50 5" stroke="#1a3c8c" stroke-width="3" fill="none"/>
<line x1="40" y1="345" x2="280" y2="345" stroke="#888"/><line x1="340" y1="345" x2="560" y2="345" stroke="#888"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

export async function seedLibraryCustodyDemo(
  tx: Transaction,
  now: Date,
  options: { files: FileStore; subjectCardKey: Buffer },
): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const reviewer = await demoUser(tx, '13800000002');
  const projects = await tx.select().from(s.projects);
  if (!keeper || !reviewer) return;
  const ids = new Map<string, number>();
  for (const r of RECIPIENTS) {
    const project = projects.find((p) => p.projectNo === r.project);
    if (!project) continue;
    const [row] = await tx
      .insert(libraryRecipients)
      .values({
        projectId: project.id,
        name: r.name,
        organisation: r.organisation,
        role: r.role,
        cardType: r.cardType,
        cardNoMasked: maskCardNo(r.cardId),
        cardNoHash: cardHash(options.subjectCardKey, r.cardType, r.cardId),
        phone: r.phone,
        createdBy: keeper.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: libraryRecipients.id });
    if (row) ids.set(r.name, row.id);
  }

  // The carried-out demo bills (seed/library-bills-demo.ts) with the checks of their handovers.
  const bills = await tx
    .select()
    .from(specimenBills)
    .where(inArray(specimenBills.billNo, ['CK2026DEMO04', 'CK2026DEMO05', 'XH2026DEMO05']));
  const bill = (no: string) => bills.find((b) => b.billNo === no);
  const confirmed = (no: string) => bill(no)?.confirmedAt ?? now;
  const wang = RECIPIENTS[0];
  const closed = bill('CK2026DEMO05');
  if (closed && wang) {
    const image = await formImage(closed.billNo, 'Dr. Wang');
    const [file] = await tx
      .insert(s.files)
      .values({
        name: `${closed.billNo}-handover.jpg`,
        mime: 'image/jpeg',
        size: image.length,
        sha256: await options.files.put(image),
        uploadedBy: keeper.id,
      })
      .returning({ id: s.files.id });
    await tx.insert(libraryCustodyChecks).values({
      billId: closed.id,
      role: 'receiver',
      method: 'idcardFace',
      recipientId: ids.get(wang.name) ?? null,
      personName: wang.name,
      cardNoMasked: maskCardNo(wang.cardId),
      score: 91.5,
      threshold: 50,
      deviceType: 'camera',
      deviceId: '127.0.0.1:18088 video1',
      verifiedAt: new Date(confirmed(closed.billNo).getTime() - 60_000),
      formFileId: file?.id ?? null,
      recordedBy: keeper.id,
      recordedAt: confirmed(closed.billNo),
    });
  }
  const lent = bill('CK2026DEMO04');
  if (lent && wang)
    // A workstation without devices that day: the keeper's password for the listed receiver.
    await tx.insert(libraryCustodyChecks).values({
      billId: lent.id,
      role: 'receiver',
      method: 'password',
      recipientId: ids.get(wang.name) ?? null,
      personName: wang.name,
      recordedBy: keeper.id,
      recordedAt: confirmed(lent.billNo),
    });
  const destroyed = bill('XH2026DEMO05');
  if (destroyed)
    // The destruction's witness by password (another user), as before devices were required.
    await tx.insert(libraryCustodyChecks).values({
      billId: destroyed.id,
      role: 'witness',
      method: 'password',
      userId: reviewer.id,
      personName: reviewer.username,
      recordedBy: keeper.id,
      recordedAt: confirmed(destroyed.billNo),
    });
  await seedHandoverSpecimens(tx, now, keeper.id);
}

/** LC-0001..LC-0004: stored, on no bill, placed through the engine (custody reference `demo`). */
async function seedHandoverSpecimens(tx: Transaction, now: Date, keeperId: number): Promise<void> {
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.code, 'SER'));
  const [box] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, 'ULT-01-R02-A4'));
  if (!project || !deep || !box) return;
  const placed = [];
  for (let n = 1; n <= 4; n += 1) {
    const [row] = await tx
      .insert(specimenBarcodes)
      .values({
        code: `LC-${String(n).padStart(4, '0')}`,
        projectId: project.id,
        sampleTypeId: serum?.id ?? null,
        visit: '基线 V1',
        status: 'signed',
        temperatureId: deep.id,
        volumeUl: 500,
        createdBy: keeperId,
        createdAt: new Date(now.getTime() - 10 * 86_400_000),
      })
      .returning({ id: specimenBarcodes.id });
    if (row)
      placed.push({ action: 'place' as const, specimenId: row.id, to: { boxId: box.id, row: 9, col: n } });
  }
  await assign(tx, 'zh_CN', placed, {
    userId: keeperId,
    at: new Date(now.getTime() - 9 * 86_400_000),
    batchId: 'demo-custody-place',
    reference: 'demo',
  });
}
