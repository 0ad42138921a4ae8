import { describe, expect, it } from 'vitest';
import { type PrintContext, renderDocument } from '../src/documents/document.js';
import { DEMO_LAB_PROFILE } from '../src/documents/lab-profile.js';
import type { DocumentLang } from '../src/documents/language.js';
import { zonedTime } from '../src/lib/time-zone.js';
import { type DispatchNoteData, dispatchNote } from '../src/modules/consumables/dispatch-note.js';
import { pdfPages } from './pdf-text.js';

const now = new Date('2026-11-26T08:30:00Z');

function context(lang: DocumentLang): PrintContext {
  return {
    lang,
    time: zonedTime({ timeZone: 'Asia/Shanghai', lang: lang === 'en_US' ? 'en_US' : 'zh_CN', now }),
    now,
    lab: DEMO_LAB_PROFILE,
  };
}

/** An order dispatched with `count` lines: kit lines first, the last ones (at most 5) loose. */
function dispatchedOrder(count: number): DispatchNoteData {
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
      name: '陈中心',
      phone: '13900000001',
      area: '北京市/东城区',
      company: '示例医院',
      detail: '示例路1号',
      email: null,
    },
    note: '请冷藏保存采血管',
    sender: { name: lab.name.zh_CN, address: lab.address.zh_CN, phone: lab.phone, email: lab.email },
    lines: Array.from({ length: count }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      const kit = i < count - Math.min(5, Math.floor(count / 2));
      return {
        kind: kit ? 'kit' : 'loose',
        kitName: kit ? `基线采血套件 ${Math.floor(i / 5) + 1}` : null,
        consumableName: `耗材${n}`,
        size: '5 ml',
        unit: '支',
        quantityPerKit: kit ? 2 : null,
        kitAmount: 3,
        lotNumber: `LOT-26-${n}`,
        outboundQuantity: 3,
        expiryDate: '2027-06-30',
      };
    }),
  };
}

describe('consumable dispatch note', () => {
  it('lays 40 lines out over pages: each line once, the header on every page, page x of y', async () => {
    const pdf = await renderDocument(dispatchNote, dispatchedOrder(40), context('zh_CN'));
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flat();
    for (let i = 1; i <= 40; i++) {
      const n = String(i).padStart(2, '0');
      expect(all.filter((run) => run === `LOT-26-${n}`)).toHaveLength(1);
      expect(all.filter((run) => run === `耗材${n}`)).toHaveLength(1);
    }
    const withLines = pages.filter((runs) => runs.some((run) => run.startsWith('LOT-26-')));
    expect(withLines.length).toBeGreaterThan(1);
    pages.forEach((runs, i) => {
      expect(runs).toContain(`第 ${i + 1} 页 / 共 ${pages.length} 页`);
      // Every page holding lines repeats the table's header.
      if (runs.some((run) => run.startsWith('LOT-26-'))) {
        expect(runs).toEqual(expect.arrayContaining(['序号', '套件', '规格', '发货数量', '批号', '有效期']));
      }
    });
    expect(all).toEqual(
      expect.arrayContaining([
        '耗材发货单',
        'CO2026112600042',
        '已发货',
        '顺丰速运',
        'SF1234567890',
        '散装耗材',
      ]),
    );
  });

  it('prints the state in the document language and the site receipt once confirmed', async () => {
    const order = {
      ...dispatchedOrder(3),
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
      ]),
    );
    expect(text).not.toContain('received');
    const hk = (await pdfPages(await renderDocument(dispatchNote, order, context('zh_HK')))).flat();
    expect(hk).toEqual(expect.arrayContaining(['耗材發貨單', '已收貨', '第 1 頁 / 共 1 頁']));
  });
});
