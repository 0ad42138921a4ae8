import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, sampleTypes, sites, testItems, users } from '../src/db/schema.js';
import { labSignatures, labSubjects } from '../src/db/schema-lab.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { utcOffset } from '../src/lib/time-zone.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, DEMO_PASSWORD, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';
import { pdfText } from './pdf-text.js';

const { subject, report, testItems: items } = endpoints;

interface Report {
  id: number;
  reportNo: string;
  revision: number;
  status: string;
  version: number;
  abnormal: boolean;
  hasPdf: boolean;
  contentHash: string | null;
  results: Array<{ code: string; value: string; flag: string | null; method: string | null }>;
  signatures: Array<{
    action: string;
    meaning: string;
    signerName: string;
    signedAt: string;
    contentHash: string;
  }>;
  versions: Array<{ id: number; revision: number; status: string }>;
}

describe.each(FEATURE_ENGINES)('subjects, results and reports on %s', (engine) => {
  let env: TestEnv;
  let lab: Session;
  let reviewer: Session;
  let external: Session;
  let projectId: number;
  let siteId: number;
  let otherSiteId: number;
  let subjectId: number;
  let lftId: number;
  let hba1cId: number;
  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const registration = (patch: Record<string, unknown> = {}) => ({
    projectId,
    siteId,
    subjectNo: 'S-001',
    name: '测试受试者',
    gender: '1',
    birthday: '19800101',
    cardType: 'B',
    cardId: '110101198001010012',
    face: { confidence: 86.5, threshold: 60 },
    fingerprint: { vendor: 'zk', template: 'dGVtcGxhdGUtMQ==' },
    ...patch,
  });
  const getReport = async (id: number) =>
    envelope(await as(lab, report.get, { params: { id } })).data as Report;

  beforeAll(async () => {
    env = await startEnv(engine);
    lab = await login(env, '13800000001');
    reviewer = await login(env, '13800000002');
    external = await login(env, '13900000001');
    const [project] = await env.handle.db
      .select()
      .from(projects)
      .where(eq(projects.projectNo, 'KM-2026-001'));
    if (!project) throw new Error('project missing');
    projectId = project.id;
    const siteRows = await env.handle.db.select().from(sites).where(eq(sites.projectId, project.id));
    siteId = siteRows.find((s) => s.centerNo === '01')?.id ?? 0;
    otherSiteId = (await env.handle.db.select().from(sites)).find((s) => s.projectId !== project.id)?.id ?? 0;
    const itemRows = await env.handle.db.select().from(testItems);
    lftId = itemRows.find((i) => i.code === 'LFT')?.id ?? 0;
    hba1cId = itemRows.find((i) => i.code === 'HBA1C')?.id ?? 0;
  });
  afterAll(() => env.close());

  it('registers a subject keeping only the masked card number, a keyed hash and the template', async () => {
    const mismatch = await as(lab, subject.create, {
      body: registration({ face: { confidence: 40, threshold: 60 } }),
    });
    expect(envelope(mismatch)).toMatchObject({
      code: 400,
      msg: 'The face comparison did not match (confidence 40, threshold 60)',
    });
    const lowThreshold = await as(lab, subject.create, {
      body: registration({ face: { confidence: 30, threshold: 20 } }),
    });
    expect(envelope(lowThreshold).msg).toBe('The face comparison threshold must be at least 50');
    const noFinger = await as(lab, subject.create, { body: registration({ fingerprint: null }) });
    expect(envelope(noFinger).msg).toBe('Enrol the subject fingerprint first');
    const wrongSite = await as(lab, subject.create, { body: registration({ siteId: otherSiteId }) });
    expect(wrongSite.statusCode).toBe(400);
    const badTemplate = await as(lab, subject.create, {
      body: registration({ fingerprint: { vendor: 'zk', template: 'not base64!' } }),
    });
    expect(badTemplate.statusCode).toBe(400);

    const created = await as(lab, subject.create, { body: registration() });
    expect(envelope(created)).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    subjectId = (envelope(created).data as { id: number }).id;
    const row = envelope(await as(lab, subject.get, { params: { id: subjectId } })).data as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      cardNoMasked: '110***********0012',
      status: 'submitted',
      fingerprintEnrolled: true,
    });
    expect(JSON.stringify(row)).not.toContain('110101198001010012');
    expect(JSON.stringify(row)).not.toContain('dGVtcGxhdGUtMQ');
    const [stored] = await env.handle.db.select().from(labSubjects).where(eq(labSubjects.id, subjectId));
    expect(stored?.cardNoHash).toMatch(/^[0-9a-f]{64}$/);
    const audits = await env.handle.db.select().from(auditLog).where(eq(auditLog.action, 'subject.create'));
    expect(JSON.stringify(audits)).not.toContain('110101198001010012');

    const duplicate = await as(lab, subject.create, { body: registration({ subjectNo: 'S-002' }) });
    expect(duplicate.statusCode).toBe(409);
  });

  it('needs a second person to review; the enterer is refused', async () => {
    const [row] = await env.handle.db.select().from(labSubjects).where(eq(labSubjects.id, subjectId));
    const version = row?.version ?? 0;
    const self = await as(lab, subject.review, {
      params: { id: subjectId },
      body: { version, action: 'approve' },
    });
    expect(self.statusCode).toBe(403);
    expect(envelope(self).msg).toBe('You cannot review your own application');
    const noReason = await as(reviewer, subject.review, {
      params: { id: subjectId },
      body: { version, action: 'reject' },
    });
    expect(envelope(noReason).code).toBe(ResultCode.REASON_REQUIRED);
    const rejected = await as(reviewer, subject.review, {
      params: { id: subjectId },
      body: { version, action: 'reject', reason: '照片不清晰' },
    });
    expect(envelope(rejected).code).toBe(200);
    // Only the enterer resubmits; then the reviewer approves.
    const resubmitted = await as(lab, subject.resubmit, {
      body: {
        ...registration(),
        id: subjectId,
        version: version + 1,
        face: { confidence: 91, threshold: 60 },
      },
    });
    expect(envelope(resubmitted)).toMatchObject({ code: 200, data: { version: version + 2 } });
    const approved = await as(reviewer, subject.review, {
      params: { id: subjectId },
      body: { version: version + 2, action: 'approve' },
    });
    expect(envelope(approved).code).toBe(200);
    const again = await as(reviewer, subject.review, {
      params: { id: subjectId },
      body: { version: version + 3, action: 'approve' },
    });
    expect(envelope(again).code).toBe(ResultCode.INVALID_STATE);
    const queue = envelope(
      await as(reviewer, subject.paging, { body: { othersOnly: true, status: 'approved' } }),
    ).data as Array<{
      id: number;
      reviewedByName: string;
    }>;
    expect(queue.find((s) => s.id === subjectId)?.reviewedByName).toBe('王审核');
  });

  it('enters results, refuses review by the enterer and release without a correct signature, releases with a PDF', async () => {
    const badValue = await as(lab, report.create, {
      body: { subjectId, barcode: 'BC-0001', results: [{ testItemId: lftId, value: 'high' }] },
    });
    expect(envelope(badValue).msg).toBe('The result of LFT must be a number with at most 2 decimals');
    await env.handle.db.update(testItems).set({ enabled: false }).where(eq(testItems.id, hba1cId));
    const disabled = await as(lab, report.create, {
      body: { subjectId, barcode: 'BC-0001', results: [{ testItemId: hba1cId, value: '5.1' }] },
    });
    expect(envelope(disabled).msg).toContain('disabled');
    await env.handle.db.update(testItems).set({ enabled: true }).where(eq(testItems.id, hba1cId));

    const created = await as(lab, report.create, {
      body: {
        subjectId,
        barcode: 'BC-0001',
        visit: '基线 V1',
        results: [
          { testItemId: lftId, value: '52' },
          { testItemId: hba1cId, value: '5.4' },
        ],
      },
    });
    expect(envelope(created)).toMatchObject({
      code: 200,
      data: { reportNo: expect.stringMatching(/^RPT-\d{8}-\d{6}$/) },
    });
    const id = (envelope(created).data as { id: number }).id;
    let r = await getReport(id);
    expect(r.results.map((x) => [x.code, x.flag])).toEqual([
      ['HBA1C', null],
      ['LFT', 'H'],
    ]);
    expect(r.abnormal).toBe(true);
    // No test order and no registered specimen: the specimen type is the items' (settings), the
    // receipt time and requester unknown; each result carries its item's method.
    expect(r).toMatchObject({ sampleType: '全血, 血清', receivedAt: null, requestedByName: null });
    expect(r.results.map((x) => x.method)).toEqual(['HPLC', '速率法']);
    // The barcode signed for at the bench: its type and sign-for time are the specimen's.
    const [serum] = await env.handle.db.select().from(sampleTypes).where(eq(sampleTypes.name, '血清'));
    const [labUser] = await env.handle.db.select().from(users).where(eq(users.mobile, '13800000001'));
    const receivedAt = new Date('2026-01-15T14:05:00Z');
    await env.handle.db.insert(specimenBarcodes).values({
      code: 'BC-0001',
      projectId,
      siteId,
      subjectId,
      sampleTypeId: serum?.id ?? null,
      status: 'signed',
      signedBy: labUser?.id ?? null,
      signedAt: receivedAt,
      createdBy: labUser?.id ?? 0,
      createdAt: receivedAt,
    });
    expect(await getReport(id)).toMatchObject({ sampleType: '血清', receivedAt: receivedAt.toISOString() });

    const selfReview = await as(lab, report.review, {
      params: { id },
      body: { version: r.version, signature: { password: DEMO_PASSWORD } },
    });
    expect(selfReview.statusCode).toBe(403);
    expect(envelope(selfReview).msg).toBe('You cannot review your own application');
    const unsigned = await as(reviewer, report.review, { params: { id }, body: { version: r.version } });
    expect(envelope(unsigned).msg).toBe('This action needs an electronic signature: enter your password');
    const wrong = await as(reviewer, report.review, {
      params: { id },
      body: { version: r.version, signature: { password: 'Wrong@2026' } },
    });
    expect(envelope(wrong).msg).toBe('Electronic signature failed: wrong password');
    expect((await getReport(id)).status).toBe('entered');
    // Wrong signature passwords count like the lock screen's: audited, and the 4th in a session
    // ends it (401); the report is never touched.
    const guesser = await login(env, '13800000002');
    const guess = () =>
      as(guesser, report.review, {
        params: { id },
        body: { version: r.version, signature: { password: 'Wrong@2026' } },
      });
    for (const remaining of [3, 2, 1]) {
      expect(envelope(await guess())).toMatchObject({ code: 400, data: { remaining } });
    }
    expect((await guess()).statusCode).toBe(401);
    expect((await as(guesser, report.get, { params: { id } })).statusCode).toBe(401);
    expect((await getReport(id)).status).toBe('entered');
    const [signer] = await env.handle.db.select().from(users).where(eq(users.mobile, '13800000002'));
    const audited = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.passwordWrong'), eq(auditLog.userId, signer?.id ?? 0)));
    expect(audited.map((a) => (a.newValue as { purpose: string }).purpose)).toEqual(
      Array(5).fill('eSignature'),
    );

    const earlyRelease = await as(reviewer, report.release, {
      params: { id },
      body: { version: r.version, signature: { password: DEMO_PASSWORD } },
    });
    expect(envelope(earlyRelease).code).toBe(ResultCode.INVALID_STATE);

    const reviewed = await as(reviewer, report.review, {
      params: { id },
      body: { version: r.version, signature: { password: DEMO_PASSWORD } },
    });
    expect(envelope(reviewed)).toMatchObject({ code: 200, data: { status: 'reviewed' } });
    r = await getReport(id);
    // The PDF is rendered at release, in the releasing user's zone.
    const released = await as(reviewer, report.release, {
      params: { id },
      tz: 'America/New_York',
      body: { version: r.version, signature: { password: DEMO_PASSWORD } },
    });
    expect(envelope(released)).toMatchObject({ code: 200, data: { status: 'released' } });
    r = await getReport(id);
    expect(r).toMatchObject({
      status: 'released',
      hasPdf: true,
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(r.signatures.map((s) => [s.action, s.signerName])).toEqual([
      ['review', '王审核'],
      ['release', '王审核'],
    ]);
    expect(r.signatures[1]?.meaning).toBe('Released: report approved for release');
    expect(r.signatures[1]?.contentHash).toBe(r.contentHash);

    const pdf = await as(lab, report.pdf, { params: { id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(2000);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${r.reportNo}-v0.pdf"; filename*=UTF-8''${r.reportNo}-v0.pdf`,
    );
    // The report document (issue 16): lab, subject, results, signatures; times in the releasing
    // user's zone (New York, issue 13 point 10), the zone named in the footer, no UTC text.
    const lines = await pdfText(pdf.rawPayload);
    expect(lines).toContain('Trialab Central Laboratory');
    expect(lines).toContain('S-001 测试受试者');
    expect(lines).toContain('Final report (version 0)');
    for (const code of ['HBA1C', 'LFT']) expect(lines.filter((line) => line === code)).toHaveLength(1);
    expect(lines).toContain('↑ High');
    expect(lines).toContain('Serum');
    expect(lines).toContain('2026-01-15 09:05');
    expect(lines.some((line) => /^Page 1 of \d+$/.test(line))).toBe(true);
    expect(lines.some((line) => line.endsWith('(America/New_York, UTC-05:00/-04:00)'))).toBe(true);
    const newYork = (iso: string) => {
      const at = new Date(iso);
      const offset = utcOffset(at, 'America/New_York') === '-04:00' ? -4 : -5;
      return new Date(at.getTime() + offset * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    };
    const release = r.signatures[1];
    expect(lines).toContain(`Signed by: ${release?.signerName}`);
    expect(lines).toContain(`Meaning: ${release?.meaning}`);
    expect(lines).toContain(`Signed at: ${newYork(release?.signedAt ?? '')}`);
    expect(lines.some((line) => line.includes(r.contentHash ?? '-'))).toBe(true);
    expect(lines.filter((line) => / UTC$/.test(line))).toEqual([]);
  });

  it('revises a released report with review: the prior version is kept and superseded', async () => {
    // The demo seed has reports of its own: counts are compared with those before the revision.
    const monitorNow = async () =>
      (envelope(await as(lab, report.monitor)).data as { byStatus: Record<string, number> }).byStatus;
    const before = await monitorNow();
    const page = envelope(await as(lab, report.paging, { body: { status: ['released'] } })).data as Report[];
    const prior = page[0];
    if (!prior) throw new Error('no released report');
    const revised = await as(lab, report.revise, {
      params: { id: prior.id },
      body: {
        version: prior.version,
        reason: '录入错误更正',
        results: [
          { testItemId: lftId, value: '35' },
          { testItemId: hba1cId, value: '5.4' },
        ],
      },
    });
    expect(envelope(revised)).toMatchObject({ code: 200, data: { revision: 1 } });
    const revisionId = (envelope(revised).data as { id: number }).id;
    const second = await as(lab, report.revise, {
      params: { id: prior.id },
      body: { version: prior.version, reason: 'x', results: [{ testItemId: lftId, value: '1' }] },
    });
    expect(envelope(second).code).toBe(ResultCode.INVALID_STATE);

    // While it awaits review its requester corrects it (reason and results), no one else.
    let revision = await getReport(revisionId);
    const edit = (session: Session, version: number, reason = '录入错误更正') =>
      as(session, report.editRevision, {
        params: { id: revisionId },
        body: {
          version,
          reason,
          results: [
            { testItemId: lftId, value: '35' },
            { testItemId: hba1cId, value: '5.4' },
          ],
        },
      });
    expect((await edit(reviewer, revision.version)).statusCode).toBe(403);
    expect(envelope(await edit(lab, revision.version + 1)).code).toBe(ResultCode.STALE_VERSION);
    const typo = await as(lab, report.editRevision, {
      params: { id: revisionId },
      body: { version: revision.version, reason: '笔误', results: [{ testItemId: lftId, value: '36' }] },
    });
    expect(envelope(typo)).toMatchObject({ code: 200, data: { version: revision.version + 1 } });
    revision = await getReport(revisionId);
    expect(revision.results.map((x) => [x.code, x.value])).toEqual([['LFT', '36']]);
    expect(envelope(await edit(lab, revision.version)).code).toBe(200);
    revision = await getReport(revisionId);
    expect(revision.results.map((x) => x.value).sort()).toEqual(['35', '5.4']);
    const [edited] = await env.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.editRevision'), eq(auditLog.entityId, String(revisionId))))
      .orderBy(auditLog.id);
    expect(edited?.reason).toBe('笔误');

    const self = await as(lab, report.reviewRevision, {
      params: { id: revisionId },
      body: { version: revision.version, action: 'approveRevision', signature: { password: DEMO_PASSWORD } },
    });
    expect(self.statusCode).toBe(403);
    const approved = await as(reviewer, report.reviewRevision, {
      params: { id: revisionId },
      body: { version: revision.version, action: 'approveRevision', signature: { password: DEMO_PASSWORD } },
    });
    expect(envelope(approved)).toMatchObject({ code: 200, data: { status: 'released' } });

    revision = await getReport(revisionId);
    expect(revision).toMatchObject({ revision: 1, status: 'released', hasPdf: true, abnormal: false });
    // Reviewed, it is no longer a request: editing it is refused and changes nothing.
    const late = envelope(await edit(lab, revision.version, 'zu spät'));
    expect(late.code).toBe(ResultCode.INVALID_STATE);
    expect((await getReport(revisionId)).version).toBe(revision.version);
    expect(revision.versions.map((v) => [v.revision, v.status])).toEqual([
      [0, 'superseded'],
      [1, 'released'],
    ]);
    const old = await getReport(prior.id);
    expect(old).toMatchObject({ status: 'superseded', hasPdf: true });
    expect(old.results.find((x) => x.code === 'LFT')?.value).toBe('52');
    expect((await as(lab, report.pdf, { params: { id: prior.id } })).statusCode).toBe(200);
    // The corrected report names the version it replaces, the reason and the value that changed.
    const corrected = await pdfText((await as(lab, report.pdf, { params: { id: revisionId } })).rawPayload);
    expect(corrected).toContain('Corrected report (version 1), replaces version 0');
    expect(corrected.join('\n')).toContain('Reason for the correction: 录入错误更正');
    const changed = corrected.findIndex((line) => line.startsWith('LFT '));
    expect(corrected.slice(changed + 1, changed + 3).map((v) => v.split(' ')[0])).toEqual(['52', '35']);
    const signatures = await env.handle.db
      .select()
      .from(labSignatures)
      .where(and(eq(labSignatures.entity, 'labReport'), eq(labSignatures.entityId, revisionId)));
    expect(signatures.map((s) => s.action)).toEqual(['approveRevision']);

    // The prior version is superseded and the revision released in its place.
    expect(await monitorNow()).toMatchObject({
      released: before.released ?? 0,
      superseded: (before.superseded ?? 0) + 1,
    });
    const exceptions = envelope(await as(lab, report.paging, { body: { abnormal: true, size: 100 } }))
      .data as Report[];
    expect(exceptions.map((x) => x.id)).toContain(prior.id);
    expect(exceptions.map((x) => x.id)).not.toContain(revisionId);
  });

  it("gives an aliquot's report the primary sample's receipt time", async () => {
    const [primary] = await env.handle.db
      .select()
      .from(specimenBarcodes)
      .where(eq(specimenBarcodes.code, 'BC-0001'));
    if (!primary) throw new Error('no primary specimen');
    await env.handle.db.insert(specimenBarcodes).values({
      ...{ code: 'BC-0001-01', projectId, siteId, subjectId, parentId: primary.id, suffix: 1 },
      ...{ sampleTypeId: primary.sampleTypeId, status: 'signed', createdBy: primary.createdBy },
      // Split at the bench a day after the sample arrived.
      ...{ signedAt: new Date('2026-01-16T08:00:00Z'), createdAt: new Date('2026-01-16T08:00:00Z') },
    });
    const created = await as(lab, report.create, {
      body: { subjectId, barcode: 'BC-0001-01', results: [{ testItemId: lftId, value: '20' }] },
    });
    const detail = await getReport((envelope(created).data as { id: number }).id);
    expect(detail).toMatchObject({ sampleType: '血清', receivedAt: primary.signedAt?.toISOString() });
  });

  it('refuses external customers and users without laboratory permissions', async () => {
    expect((await as(external, report.paging, { body: {} })).statusCode).toBe(403);
    expect((await as(external, subject.get, { params: { id: subjectId } })).statusCode).toBe(403);
    expect((await as(external, items.paging, { body: {} })).statusCode).toBe(403);
    const finance = await login(env, '13800000005');
    expect((await as(finance, report.get, { params: { id: 1 } })).statusCode).toBe(403);
  });
});
