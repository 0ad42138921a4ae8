import type { Lang } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { expectLooksLike, expectPaged } from '../../../test/document-check.js';
import { pdfPages } from '../../../test/pdf-text.js';
import { type PrintContext, renderDocument } from '../../documents/document.js';
import { DEMO_LAB_PROFILE } from '../../documents/lab-profile.js';
import { zonedTime } from '../../lib/time-zone.js';
import { type DispatchNoteData, dispatchNote } from './dispatch-note.js';

const now = new Date('2026-11-26T08:30:00Z');

function context(lang: Lang): PrintContext {
  return {
    lang,
    time: zonedTime({ timeZone: 'Asia/Shanghai', lang: lang === 'en_US' ? 'en_US' : 'zh_CN', now }),
    now,
    lab: DEMO_LAB_PROFILE,
  };
}

/** An order dispatched with `count` lines: kit lines first, the last ones (at most 5) loose. */
function dispatchedOrder(count: number, lang: Lang = 'zh_CN'): DispatchNoteData {
  const lab = DEMO_LAB_PROFILE;
  return {
    orderNo: 'CO2026112600042',
    status: 'dispatched',
    projectNo: 'KM-2026-001',
    projectName: '示例项目',
    siteNo: '01',
    siteName: '示例医院',
    applicantName: '陈中心',
    applyTime: '2026-11-20T02:15:00.000Z',
    dispatcherName: '赵样本',
    dispatchTime: '2026-11-25T06:40:00.000Z',
    courierName: '顺丰速运',
    expressNo: 'SF1234567890',
    hopedArrivalDate: '2026-12-01',
    receivedByName: null,
    receivedAt: null,
    receiveAddress: {
      name: '王芳',
      phone: '021-65000000',
      area: '上海市/虹口区',
      company: '上海市第一人民医院',
      detail: '海宁路 100 号 临床试验中心 3 楼 GCP 药房',
      email: 'gcp@example.cn',
    },
    note: '请冷藏保存采血管',
    sender: { name: lab.name[lang], address: lab.address[lang], phone: lab.phone, email: lab.email },
    lines: Array.from({ length: count }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      const kit = i < count - Math.min(5, Math.floor(count / 2));
      return {
        kind: kit ? 'kit' : 'loose',
        kitId: kit ? Math.floor(i / 5) + 1 : null,
        kitName: kit ? `基线采血套件 ${Math.floor(i / 5) + 1}` : null,
        consumableName: `耗材${n}`,
        size: '5 ml',
        unit: '支',
        consumableEnName: null,
        enSize: null,
        enUnit: null,
        quantityPerKit: kit ? 2 : null,
        kitAmount: 3,
        lotNumber: `LOT-26-${n}`,
        outboundQuantity: 3,
        expiryDate: '2027-06-30',
      };
    }),
  };
}

const HEADERS: Record<Lang, string[]> = {
  zh_CN: ['序号', '套件', '耗材', '规格', '每套数量', '发货数量', '单位', '批号', '有效期'],
  en_US: ['No.', 'Kit', 'Item', 'Size', 'Per kit', 'Quantity', 'Unit', 'Lot no.', 'Expiry'],
  zh_HK: ['序號', '套件', '耗材', '規格', '每套數量', '發貨數量', '單位', '批號', '有效期'],
};

describe('consumable dispatch note', () => {
  it.each(['zh_CN', 'en_US', 'zh_HK'] as const)('lays 40 item lines out across pages in %s', async (lang) => {
    const order = dispatchedOrder(40, lang);
    const pages = await pdfPages(await renderDocument(dispatchNote, order, context(lang)));
    expect(pages.length).toBeGreaterThan(1);
    // Each line once (its lot and its item), the header on every page with lines, page x of y.
    expectPaged(pages, lang, { header: HEADERS[lang], rows: order.lines.map((l) => l.lotNumber ?? '') });
    expectPaged(pages, lang, { header: HEADERS[lang], rows: order.lines.map((l) => l.consumableName) });
    const withLines = pages.filter((runs) => runs.some((run) => run.startsWith('LOT-26-')));
    expect(withLines.length).toBeGreaterThan(1);
    const all = pages.flat();
    // The letterhead, the number under its barcode on every page, the state in words, times in the zone.
    expect(all).toContain(DEMO_LAB_PROFILE.name[lang]);
    // Each kit's expiry: its earliest component lot's.
    expect(all.join(' ')).toMatch(/Kit expiry|套件有效期/);
    expect(all.filter((run) => run === order.orderNo).length).toBeGreaterThanOrEqual(pages.length);
    expect(all).not.toContain('dispatched');
    expect(all).toEqual(expect.arrayContaining(['2026-11-25 14:40', '顺丰速运', 'SF1234567890']));
  });

  it('prints the state in the document language and the site receipt once confirmed', async () => {
    const order = {
      ...dispatchedOrder(3, 'en_US'),
      status: 'received' as const,
      receivedByName: '何研究',
      receivedAt: '2026-11-27T01:00:00.000Z',
    };
    const text = (await pdfPages(await renderDocument(dispatchNote, order, context('en_US')))).flat();
    expect(text).toEqual(
      expect.arrayContaining([
        'Consumable dispatch note',
        'Received',
        'Page 1 of 1',
        'Signed by: 何研究',
        'Meaning: Receipt confirmed in the system',
        'Signed at: 2026-11-27 09:00',
      ]),
    );
    expect(text).not.toContain('received');
    const hk = (await pdfPages(await renderDocument(dispatchNote, order, context('zh_HK')))).flat();
    expect(hk).toEqual(expect.arrayContaining(['耗材發貨單', '已收貨', '第 1 頁 / 共 1 頁']));
  });

  it.each(['zh_CN', 'en_US'] as const)('looks like its reviewed reference (%s)', async (lang) => {
    await expectLooksLike(
      await renderDocument(dispatchNote, dispatchedOrder(40, lang), context(lang)),
      `dispatch-note-${lang}`,
    );
  });
});
