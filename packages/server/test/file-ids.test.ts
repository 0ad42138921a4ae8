// File ids in requests (docs/api.md "File ids in requests"): every body field that names stored
// files is found by walking the contract, and each one refuses a file uploaded by a user of
// another site with a 400 that names it, changing nothing.
import {
  ALL_ENDPOINTS,
  type EndpointDef,
  endpoints,
  findFileIdFields,
  ResultCode,
  type ShipmentDetail,
  schemaLeaves,
  unwrapSchema,
} from '@trialab/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { permissionStrings } from '../src/services/identity/permissions.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv, uploadFile } from './helpers.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

/** Every body field carrying file ids, as `endpoint id: path` (`*`: each array element). */
const FILE_FIELDS = ALL_ENDPOINTS.flatMap((endpoint) =>
  endpoint.body
    ? findFileIdFields(endpoint.body).map((field) => ({ endpoint, ...field, name: field.path.join('.') }))
    : [],
);

describe('file-id fields in the contract', () => {
  it('finds every body field that names stored files', () => {
    expect(
      FILE_FIELDS.map((f) => `${f.endpoint.id}: ${f.name}${f.images ? ' (images)' : ''}`).sort(),
    ).toEqual(
      [
        'clarification.create: imageFileIds.* (images)',
        'clarification.reply: attachmentFileIds.*',
        'clarification.reply: imageFileIds.* (images)',
        'codeMappings.importConfirm: fileId',
        'codeMappings.importPreview: fileId',
        'consumable.dispatch: lines.*.certificateFileId',
        'contract.amend: signedFileId',
        'contract.create: signedFileId',
        'contract.update: signedFileId',
        'dict.importConfirm: fileId',
        'dict.importPreview: fileId',
        'project.centerImport: fileId',
        'project.contactImport: fileId',
        'project.groupImport: fileId',
        'manualReports.create: fileId',
        'receipt.attachImage: fileId',
        'sampleTransport.create: attachmentFileIds.*',
        'sampleTransport.update: attachmentFileIds.*',
        'sharedDocOriginal.create: fileId',
        'sharedDocOriginal.replace: fileId',
        'sharedDocPublic.create: fileId',
        'sharedDocPublic.replace: fileId',
        'supply.consumableCreate: pictureFileId (images)',
        'supply.consumableUpdate: pictureFileId (images)',
        'supply.stockIn: certificateFileId',
        'tempStorage.importPreview: fileId',
        'testItems.create: fileIds.*',
        'testItems.update: fileIds.*',
        'testOrder.batchCreate: requisitionFileIds.*',
        'testOrder.create: requisitionFileIds.*',
        'testOrder.resubmit: requisitionFileIds.*',
        'libraryBills.outboundConfirm: identity.formFileId (images)',
        'libraryBills.destroyConfirm: witness.formFileId (images)',
        'statement.confirm: signedFileId',
        'receivables.recordPayment: slipFileId',
        'supplier.create: qualifications.*.fileId',
        'supplier.update: qualifications.*.fileId',
      ].sort(),
    );
  });

  it('leaves no body field that looks like a file reference without the mark', () => {
    const looksLikeFile = /file|image|photo|picture|attachment|certificate|requisition|pdf/i;
    // Names that say "file" but hold no reference: a form template's field declares how many files
    // it takes (`maxFiles`); the ids come later, in the values a project submits. A destruction's
    // `certificate` is the certificate's number; a rack-scanner import's `fileName` names the CSV
    // whose text is in the body itself.
    const notReferences = new Set(['maxFiles', 'certificate', 'fileName']);
    const unmarked = ALL_ENDPOINTS.flatMap((endpoint) =>
      endpoint.body
        ? schemaLeaves(endpoint.body)
            .filter((leaf) => leaf.path.some((key) => looksLikeFile.test(key) && !notReferences.has(key)))
            .filter((leaf) => !findFileIdFields(leaf.schema).length)
            .map((leaf) => `${endpoint.id}: ${leaf.path.join('.')}`)
        : [],
    );
    expect(unmarked).toEqual([]);
  });

  it('marks no public endpoint (a file check needs a caller)', () => {
    expect(FILE_FIELDS.filter((f) => f.endpoint.access === 'public')).toEqual([]);
  });
});

interface Walkable {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const defOf = (schema: unknown) => (schema as Walkable)._zod.def;
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const STRING_SAMPLES = [
  'abcdefgh',
  '2030-01-01',
  '13800000001',
  'site@example.com',
  'SF1234567890',
  '2030-01-01T09:30:00.000Z',
  'A1',
  // money, quantities and rates: decimal text (api-contract money.ts)
  '1',
];

/**
 * A value `schema` accepts, with `foreign` in the file-id field at `target` (the rest of the path
 * below this node) and every other optional part left out.
 */
function sample(schema: z.ZodType, target: readonly string[] | null, foreign: number): unknown {
  const def = defOf(schema);
  const inner = (key: string) => def[key] as z.ZodType;
  if (findFileIdFields(schema).length === 0 && target === null && accepts(schema, undefined))
    return undefined;
  const wrapped = unwrapSchema(schema);
  if (wrapped) return sample(wrapped, target, foreign);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const onTarget = target?.[0] === key ? target.slice(1) : null;
        if (onTarget === null && accepts(value, undefined)) continue;
        out[key] = sample(value, onTarget, foreign);
      }
      return out;
    }
    case 'array': {
      const element = sample(inner('element'), target?.[0] === '*' ? target.slice(1) : null, foreign);
      return [element];
    }
    case 'union':
      for (const option of def.options as z.ZodType[]) {
        const value = sample(option, target, foreign);
        if (accepts(schema, value)) return value;
      }
      throw new Error('no option of a union could be sampled');
    case 'number':
      if (target !== null) return foreign;
      return [1, 0, 100, 2026].find((n) => accepts(schema, n));
    case 'string':
      return STRING_SAMPLES.find((s) => accepts(schema, s));
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'record':
      return {};
    default:
      return null;
  }
}

describe.each(FEATURE_ENGINES)('file ids in requests on %s', (engine) => {
  let env: TestEnv;
  let site: Session;
  let otherSite: Session;
  let lab: Session;
  /** An image uploaded by a user of another site (KM-2026-002), used by nothing. */
  let foreign: number;
  /** Demo accounts that may hold a permission (never the uploader of `foreign` or the super account). */
  const callers = new Map<string, { session: Session; permissions: string[] }>();

  const as = (session: Session, endpoint: EndpointDef, options: Parameters<typeof call>[2] = {}) =>
    call(env.app, endpoint, { ...options, session }, env.clock.now);

  /** A fingerprint of every table a request could write (sessions and nonces move with any call). */
  const snapshot = async () => {
    const tables = (await env.handle.db.execute(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'nonces', 'captchas', 'login_throttle')
      ORDER BY table_name`)) as unknown as { rows: Array<{ table_name: string }> };
    const parts = tables.rows.map(
      (t) =>
        `SELECT '${t.table_name}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t.table_name}" x`,
    );
    const result = (await env.handle.db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as {
      rows: Array<{ t: string; h: string }>;
    };
    return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    otherSite = await login(env, '13900000002');
    lab = await login(env, '13800000001');
    foreign = await uploadFile(env, otherSite, 'other-site.png', PNG);
    for (const account of [
      '13900000001',
      '13800000001',
      '13800000002',
      '13800000003',
      '13800000004',
      '13800000005',
      '13800000006',
      '13800000007',
    ]) {
      const session =
        account === '13900000001' ? site : account === '13800000001' ? lab : await login(env, account);
      callers.set(account, {
        session,
        permissions: await permissionStrings(env.handle.db, session.login.user.id),
      });
    }
  });
  afterAll(() => env.close());

  const callerFor = (endpoint: EndpointDef, except?: Session): Session => {
    const access = endpoint.access;
    if (typeof access !== 'object') return site;
    for (const { session, permissions } of callers.values()) {
      if (session === except) continue;
      if (permissions.includes(access.permission) || permissions.includes('*:*:*')) return session;
    }
    throw new Error(`no demo account holds ${access.permission} (${endpoint.id})`);
  };

  it.each(FILE_FIELDS.map((f) => [`${f.endpoint.id}: ${f.name}`, f] as const))(
    'refuses a file of another site in %s, changing nothing',
    async (_, field) => {
      const body = sample(field.endpoint.body as z.ZodType, field.path, foreign);
      const parsed = (field.endpoint.body as z.ZodType).safeParse(body);
      expect(
        parsed.success,
        `sample body of ${field.endpoint.id}: ${JSON.stringify(parsed.error?.issues)}`,
      ).toBe(true);
      const params = field.endpoint.params ? { id: 1 } : undefined;
      const before = await snapshot();
      const lang = field.images ? 'zh_CN' : 'en_US';
      const response = await as(callerFor(field.endpoint), field.endpoint, {
        body,
        lang,
        ...(params ? { params } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(envelope(response)).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        msg:
          lang === 'zh_CN'
            ? `文件不存在或您无权使用该文件：${foreign}`
            : `The file does not exist or you may not attach it: ${foreign}`,
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  describe('shipment bookings', () => {
    const { sampleTransport, project, system } = endpoints;
    let booking: Record<string, unknown>;

    beforeAll(async () => {
      const ok = async (endpoint: EndpointDef, body: unknown) =>
        envelope(await as(site, endpoint, { body })).data as Array<{ id: number; name: string }>;
      const [proj] = await ok(project.ownAll, { page: 1, size: 10 });
      const [siteRow] = await ok(project.sitesByProject, { projectId: proj?.id, page: 1, size: 10 });
      const types = await ok(system.sampleTypeAll, {});
      const temps = envelope(await as(site, sampleTransport.temperatures)).data as Array<{
        id: number;
        name: string;
      }>;
      const contact = { name: '陈中心', phone: '13900000001', area: '北京市/东城区', detail: '示例路1号' };
      booking = {
        projectId: proj?.id,
        siteId: siteRow?.id,
        sender: contact,
        consignee: { ...contact, name: '样本接收组' },
        backupContact: { name: '何研究', phone: '13900000003' },
        estimatedShipDate: '2026-12-02',
        bookSendTime: '2026-12-02T09:30:00.000Z',
        coldChain: true,
        samples: [
          {
            sampleTypeId: types.find((t) => t.name === '血清')?.id,
            temperatureId: temps.find((t) => t.name === '冷冻')?.id,
            quantity: 2,
            unit: '管',
          },
        ],
      };
    });

    it('refuses booking or editing with another site’s file and keeps the booking as it was', async () => {
      const own = await uploadFile(env, site, 'manifest.pdf', PDF);
      const refused = await as(site, sampleTransport.create, {
        body: { ...booking, attachmentFileIds: [own, foreign] },
      });
      expect(envelope(refused)).toMatchObject({
        code: 400,
        msg: `The file does not exist or you may not attach it: ${foreign}`,
      });
      const created = envelope(
        await as(site, sampleTransport.create, { body: { ...booking, attachmentFileIds: [own] } }),
      );
      expect(created.code, created.msg).toBe(200);
      const shipment = created.data as ShipmentDetail;
      expect(shipment.attachmentFileIds).toEqual([own]);

      const edit = await as(site, sampleTransport.update, {
        body: { ...booking, id: shipment.id, version: shipment.version, attachmentFileIds: [own, foreign] },
      });
      expect(envelope(edit).code).toBe(400);
      const after = envelope(await as(site, sampleTransport.get, { params: { id: shipment.id } })).data;
      expect(after).toEqual(shipment);
      // The other site never gets the file through the booking.
      expect((await as(otherSite, endpoints.system.fileDownload, { params: { id: own } })).statusCode).toBe(
        404,
      );

      // Keeping the attachment and adding another own upload is fine.
      const second = await uploadFile(env, site, 'courier.pdf', PDF);
      const kept = envelope(
        await as(site, sampleTransport.update, {
          body: { ...booking, id: shipment.id, version: shipment.version, attachmentFileIds: [own, second] },
        }),
      );
      expect(kept.code, kept.msg).toBe(200);
      expect((kept.data as ShipmentDetail).attachmentFileIds).toEqual([own, second]);
    });
  });

  it('lets another user keep the files already on the record they edit', async () => {
    const { testItems } = endpoints;
    const sop = await uploadFile(env, lab, 'SOP.pdf', PDF);
    const fields = { code: 'FILEKEEP', name: '文件保留', enName: 'File keep', fileIds: [sop] };
    const created = envelope(await as(lab, testItems.create, { body: fields }));
    expect(created.code, created.msg).toBe(200);
    const item = created.data as { id: number; version: number };
    // Another staff member who may edit test items did not upload the SOP but sees it on the item.
    const otherLab = callerFor(testItems.update, lab);
    const own = await uploadFile(env, otherLab, 'validation.pdf', PDF);
    const edited = envelope(
      await as(otherLab, testItems.update, {
        body: { ...fields, id: item.id, version: item.version, fileIds: [sop, own] },
      }),
    );
    expect(edited.code, edited.msg).toBe(200);
    const refused = envelope(
      await as(otherLab, testItems.update, {
        body: { ...fields, id: item.id, version: item.version + 1, fileIds: [sop, own, foreign] },
      }),
    );
    expect(refused.code).toBe(400);
  });

  it('binds a shared document’s file to the document alone', async () => {
    const { sharedDocOriginal, testItems } = endpoints;
    const place = (await env.handle.db.execute(sql`
      SELECT p.id AS project_id, s.id AS site_id FROM projects p JOIN sites s ON s.project_id = p.id
      WHERE p.project_no = 'KM-2026-001' AND s.center_no = '01'`)) as unknown as {
      rows: Array<{ project_id: number; site_id: number }>;
    };
    const target = { projectId: Number(place.rows[0]?.project_id), siteId: Number(place.rows[0]?.site_id) };
    const record = await uploadFile(env, lab, 'record.pdf', PDF);
    const doc = envelope(
      await as(lab, sharedDocOriginal.create, { body: { ...target, title: '原始记录', fileId: record } }),
    );
    expect(doc.code, doc.msg).toBe(200);
    // Named anywhere else, the document's file would bypass its scope, withdrawal and download log.
    const elsewhere = await as(lab, testItems.create, {
      body: { code: 'DOCFILE', name: '文档文件', enName: 'Doc file', fileIds: [record] },
    });
    expect(envelope(elsewhere)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: 'This file is already shared; upload it again',
    });
    // And a file some record already uses cannot become a document (its readers would lose it).
    const sop = await uploadFile(env, lab, 'SOP-2.pdf', PDF);
    const item = envelope(
      await as(lab, testItems.create, {
        body: { code: 'DOCFILE', name: '文档文件', enName: 'Doc file', fileIds: [sop] },
      }),
    );
    expect(item.code, item.msg).toBe(200);
    const shared = await as(lab, sharedDocOriginal.create, {
      body: { ...target, title: '作业指导书', fileId: sop },
      lang: 'zh_CN',
    });
    expect(envelope(shared)).toMatchObject({
      code: ResultCode.DUPLICATE,
      msg: '该文件已用于其他记录，请重新上传',
    });
  });

  it('still needs images where the field says so', async () => {
    const pdf = await uploadFile(env, site, 'scan.pdf', PDF);
    const queryId = 1;
    const answer = envelope(
      await as(site, endpoints.clarification.reply, {
        params: { id: queryId },
        body: { version: 1, content: '已核对样本信息无误', imageFileIds: [pdf] },
      }),
    );
    expect(answer).toMatchObject({
      code: ResultCode.FILE_TYPE_NOT_ALLOWED,
      msg: expect.stringContaining('scan.pdf'),
    });
  });
});
