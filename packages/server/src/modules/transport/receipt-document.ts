import { sampleShipmentWorkflow, stateWord } from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';
import type { ShipmentDetailRecord } from './repository.js';

/** The booking, its temperature-control documents' names and the courier's name in the document's language. */
export type ReceiptData = ShipmentDetailRecord & { temperatureFiles: string[]; courierName: string | null };

/**
 * The sample shipment receipt a site prints and hands to the courier with the box: booking number
 * and its barcode, both parties, the sample lines with temperature and quantity, courier and waybill,
 * the temperature-control documents, and lines to sign at hand-over and receipt.
 */
export const shipmentReceipt = defineDocument({
  kind: 'shipment-receipt',
  barcode: 'code128',
  number: (s: ReceiptData) => s.orderNo,
  texts: {
    zh_CN: {
      title: '样本寄送回执',
      booking: '预约信息',
      orderNo: '预约单号',
      status: '状态',
      project: '项目',
      site: '中心',
      temperature: '运输温度',
      coldChain: '实时温度监控',
      estimatedShipDate: '预计寄送日期',
      bookSendTime: '预约取件时间',
      tat: '时效要求',
      requirement: '运输要求',
      courier: '快递公司',
      expressNo: '运单号',
      dispatcher: '取件登记人',
      dispatchTime: '取件时间',
      signer: '签收人',
      signedAt: '签收时间',
      sender: '寄件人',
      consignee: '收件人',
      samples: '样本清单',
      index: '序号',
      sampleType: '样本类型',
      quantity: '数量',
      unit: '单位',
      total: '合计',
      temperatureFiles: '温控文件',
      noFiles: '无',
      note: '备注',
      signatures: '交接签字',
      handOver: '寄件交接（中心）',
      courierSign: '承运人取件',
      receipt: '实验室签收',
      receivedInSystem: '系统签收',
      yes: '是',
      no: '否',
    },
    en_US: {
      title: 'Sample shipment receipt',
      booking: 'Booking',
      orderNo: 'Booking no.',
      status: 'Status',
      project: 'Project',
      site: 'Site',
      temperature: 'Transport temperature',
      coldChain: 'Real-time temperature monitor',
      estimatedShipDate: 'Estimated ship date',
      bookSendTime: 'Booked pick-up',
      tat: 'Turnaround',
      requirement: 'Transport requirement',
      courier: 'Courier',
      expressNo: 'Waybill',
      dispatcher: 'Pick-up recorded by',
      dispatchTime: 'Picked up',
      signer: 'Received by',
      signedAt: 'Received',
      sender: 'Sender',
      consignee: 'Consignee',
      samples: 'Samples',
      index: 'No.',
      sampleType: 'Sample type',
      quantity: 'Quantity',
      unit: 'Unit',
      total: 'Total',
      temperatureFiles: 'Temperature-control documents',
      noFiles: 'None',
      note: 'Note',
      signatures: 'Hand-over',
      handOver: 'Handed over by (site)',
      courierSign: 'Collected by (courier)',
      receipt: 'Received by (laboratory)',
      receivedInSystem: 'Signed off in the system',
      yes: 'Yes',
      no: 'No',
    },
    zh_HK: {
      title: '樣本寄送回執',
      booking: '預約資料',
      orderNo: '預約單號',
      status: '狀態',
      project: '項目',
      site: '中心',
      temperature: '運輸溫度',
      coldChain: '實時溫度監控',
      estimatedShipDate: '預計寄送日期',
      bookSendTime: '預約取件時間',
      tat: '時效要求',
      requirement: '運輸要求',
      courier: '快遞公司',
      expressNo: '運單號',
      dispatcher: '取件登記人',
      dispatchTime: '取件時間',
      signer: '簽收人',
      signedAt: '簽收時間',
      sender: '寄件人',
      consignee: '收件人',
      samples: '樣本清單',
      index: '序號',
      sampleType: '樣本類型',
      quantity: '數量',
      unit: '單位',
      total: '合計',
      temperatureFiles: '溫控文件',
      noFiles: '無',
      note: '備註',
      signatures: '交接簽字',
      handOver: '寄件交接（中心）',
      courierSign: '承運人取件',
      receipt: '實驗室簽收',
      receivedInSystem: '系統簽收',
      yes: '是',
      no: '否',
    },
  },
  draw(w, s, t) {
    const state = stateWord(sampleShipmentWorkflow, s.status, w.lang);
    w.fields([
      [t.orderNo, s.orderNo],
      [t.status, state],
      [t.project, `${s.projectNo} ${s.projectName}`],
      [t.site, `${s.siteNo} ${s.siteName}`],
      [t.temperature, s.temperatureName],
      [t.coldChain, s.coldChain ? t.yes : t.no],
      [t.estimatedShipDate, s.estimatedShipDate],
      [t.bookSendTime, w.time.minutes(s.bookSendTime)],
      [t.courier, s.courierName],
      [t.expressNo, s.expressNo],
      [t.dispatcher, s.dispatcherName],
      [t.dispatchTime, w.time.minutes(s.dispatchTime)],
    ]);
    const contact = (c: ReceiptData['sender']) => [
      c.name,
      c.phone,
      c.company,
      `${c.area} ${c.detail}`,
      c.email,
    ];
    w.parties([
      { title: t.sender, lines: contact(s.sender) },
      { title: t.consignee, lines: contact(s.consignee) },
    ]);
    w.heading(t.samples);
    // A total only where it means something: every line counted in the same unit.
    const units = new Set(s.samples.map((x) => x.unit));
    const total =
      units.size === 1
        ? [['', t.total, '', s.samples.reduce((sum, x) => sum + x.quantity, 0), [...units][0]]]
        : [];
    w.table({
      columns: [
        { header: t.index, width: 0.6, align: 'right' },
        { header: t.sampleType, width: 3 },
        { header: t.temperature, width: 2 },
        { header: t.quantity, width: 1, align: 'right' },
        { header: t.unit, width: 1 },
      ],
      rows: [
        ...s.samples.map((x, i) => [i + 1, x.sampleTypeName, x.temperatureName, x.quantity, x.unit]),
        ...total,
      ],
      bold: (i) => i === s.samples.length,
    });
    w.heading(t.temperatureFiles);
    w.paragraph(
      s.temperatureFiles.length
        ? s.temperatureFiles.map((name, i) => `${i + 1}. ${name}`).join('\n')
        : t.noFiles,
    );
    if (s.note) {
      w.heading(t.note);
      w.paragraph(s.note);
    }
    w.heading(t.signatures);
    w.signatures([
      { role: t.handOver },
      { role: t.courierSign },
      s.signedAt
        ? { role: t.receipt, name: s.signerName, meaning: t.receivedInSystem, at: w.time.minutes(s.signedAt) }
        : { role: t.receipt },
    ]);
  },
});
