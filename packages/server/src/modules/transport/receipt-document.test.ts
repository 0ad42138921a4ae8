import type { Lang } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { expectLooksLike, expectPaged } from '../../../test/document-check.js';
import { pdfPages } from '../../../test/pdf-text.js';
import { renderDocument } from '../../documents/document.js';
import { DEMO_LAB_PROFILE } from '../../documents/lab-profile.js';
import { zonedTime } from '../../lib/time-zone.js';
import { type ReceiptData, shipmentReceipt } from './receipt-document.js';

const now = new Date('2026-11-20T06:30:00Z');
const contact = {
  name: '王芳',
  phone: '13800000000',
  company: '上海市第一人民医院',
  area: '上海市 虹口区',
  detail: '海宁路 100 号 临床试验中心 3 楼',
  email: 'wangfang@example.cn',
};

/** A booking with 40 sample lines: more than one page. */
function booking(overrides: Partial<ReceiptData> = {}): ReceiptData {
  return {
    id: 7,
    orderNo: 'YY202611200001',
    status: 'picked_up',
    projectId: 1,
    projectNo: 'TL-2026-001',
    projectName: 'XX 单抗治疗晚期非小细胞肺癌的 III 期研究',
    siteId: 1,
    siteNo: '01',
    siteName: '上海市第一人民医院',
    temperatureId: 2,
    temperatureName: '冷冻（-20℃）',
    coldChain: true,
    estimatedShipDate: '2026-11-21',
    bookSendTime: '2026-11-20T06:00:00.000Z',
    courier: 'SF',
    courierName: '顺丰冷运',
    expressNo: 'SF1234567890123',
    dispatcherName: '李强',
    dispatchTime: '2026-11-20T06:20:00.000Z',
    signerName: null,
    signedAt: null,
    note: '请于 24 小时内送达',
    sender: contact,
    consignee: { ...contact, name: '张伟', company: '特莱博中心实验室' },
    temperatureFiles: ['温度记录-YY202611200001.csv', '温控箱校准证书.pdf'],
    samples: Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      sampleTypeId: 1,
      sampleTypeName: `血清 S${String(i + 1).padStart(2, '0')}`,
      temperatureId: 2,
      temperatureName: '冷冻（-20℃）',
      quantity: 1 + (i % 4),
      unit: '管',
    })),
    ...overrides,
  } as ReceiptData;
}

const print = (lang: Lang) => ({
  lang,
  now,
  lab: DEMO_LAB_PROFILE,
  time: zonedTime({ timeZone: 'Asia/Shanghai', lang: lang === 'en_US' ? 'en_US' : 'zh_CN', now }),
});

const HEADERS: Record<Lang, string[]> = {
  zh_CN: ['序号', '样本类型', '运输温度', '数量', '单位'],
  en_US: ['No.', 'Sample type', 'Transport temperature', 'Quantity', 'Unit'],
  zh_HK: ['序號', '樣本類型', '運輸溫度', '數量', '單位'],
};

describe('shipment receipt', () => {
  it.each(['zh_CN', 'en_US', 'zh_HK'] as const)('prints 40 sample lines across pages in %s', async (lang) => {
    const data = booking();
    const pages = await pdfPages(await renderDocument(shipmentReceipt, data, print(lang)));
    expect(pages.length).toBeGreaterThan(1);
    expectPaged(pages, lang, { header: HEADERS[lang], rows: data.samples.map((s) => s.sampleTypeName) });
    const all = pages.flat();
    // The letterhead, the number under its barcode, coded values in words, times in the reader's zone.
    expect(all).toContain(DEMO_LAB_PROFILE.name[lang]);
    expect(all.filter((run) => run === data.orderNo).length).toBeGreaterThanOrEqual(pages.length);
    expect(all).not.toContain('picked_up');
    expect(all).toContain('2026-11-20 14:20');
    expect(all).toContain('2. 温控箱校准证书.pdf');
  });

  it('names the state in the language and the lab user who signed it off', async () => {
    const signed = booking({
      status: 'signed',
      signerName: '陈静',
      signedAt: '2026-11-21T02:05:00.000Z',
      samples: [],
    });
    const runs = (await pdfPages(await renderDocument(shipmentReceipt, signed, print('en_US')))).flat();
    expect(runs).toContain('Signed for');
    expect(runs).toContain('Signed by: 陈静');
    expect(runs).toContain('Signed at: 2026-11-21 10:05');
  });

  it.each(['zh_CN', 'en_US'] as const)('looks like its reviewed reference (%s)', async (lang) => {
    await expectLooksLike(
      await renderDocument(shipmentReceipt, booking(), print(lang)),
      `shipment-receipt-${lang}`,
    );
  });
});
