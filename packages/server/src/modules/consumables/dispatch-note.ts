import { consumableOrderWorkflow, localText, stateWord } from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';
import { kitExpiries } from '../supply/service.js';
import type { OrderDetailRecord } from './repository.js';

type Line = Pick<
  OrderDetailRecord['lines'][number],
  | 'kind'
  | 'kitId'
  | 'kitName'
  | 'consumableName'
  | 'size'
  | 'unit'
  | 'consumableEnName'
  | 'enSize'
  | 'enUnit'
  | 'quantityPerKit'
  | 'kitAmount'
  | 'lotNumber'
  | 'outboundQuantity'
  | 'expiryDate'
>;

/** What the note prints: the order, its courier's name, and the lab as sender (from the print context). */
export interface DispatchNoteData
  extends Pick<
    OrderDetailRecord,
    | 'orderNo'
    | 'status'
    | 'projectNo'
    | 'projectName'
    | 'siteNo'
    | 'siteName'
    | 'applicantName'
    | 'applyTime'
    | 'dispatcherName'
    | 'dispatchTime'
    | 'expressNo'
    | 'hopedArrivalDate'
    | 'receivedByName'
    | 'receivedAt'
    | 'receiveAddress'
    | 'note'
  > {
  lines: Line[];
  /** The courier in the document's language (dictionary 1006); the stored value when not in it. */
  courierName: string | null;
  sender: { name: string; address: string; phone: string | null; email: string | null };
}

/**
 * The consumable dispatch note the supply staff put in the parcel and the site signs: order number
 * and its barcode, the lab as sender and the order's address as consignee, the lines with lot,
 * expiry and quantity, courier and waybill, and lines to sign at hand-over and receipt. Kits and
 * items carry no storage or transport temperature in the data, so the table has no such column.
 */
export const dispatchNote = defineDocument({
  kind: 'dispatch-note',
  barcode: 'code128',
  number: (o: DispatchNoteData) => o.orderNo,
  texts: {
    zh_CN: {
      title: '耗材发货单',
      orderNo: '申请单号',
      status: '状态',
      project: '项目',
      site: '中心',
      applicant: '申请人',
      applyTime: '申请时间',
      dispatcher: '发货人',
      dispatchTime: '发货时间',
      courier: '快递公司',
      expressNo: '运单号',
      hopedArrivalDate: '期望到货日期',
      sender: '发货方（实验室）',
      consignee: '收货方（中心）',
      items: '发货清单',
      index: '序号',
      kit: '套件',
      loose: '散装耗材',
      item: '耗材',
      size: '规格',
      perKit: '每套数量',
      quantity: '发货数量',
      unit: '单位',
      lotNumber: '批号',
      expiryDate: '有效期',
      quantityNote:
        '套件行的发货数量以套计，每套数量为每套所含耗材数（单位见“单位”列）；散装耗材的发货数量以所列单位计。',
      note: '备注',
      signatures: '交接签字',
      handOver: '发货交接（实验室）',
      receipt: '收货签收（中心）',
      receivedInSystem: '系统确认收货',
      kitExpiry: '套件有效期（取其组件批次中最早的有效期）',
    },
    en_US: {
      title: 'Consumable dispatch note',
      orderNo: 'Application no.',
      status: 'Status',
      project: 'Project',
      site: 'Site',
      applicant: 'Applicant',
      applyTime: 'Applied',
      dispatcher: 'Dispatched by',
      dispatchTime: 'Dispatched',
      courier: 'Courier',
      expressNo: 'Waybill',
      hopedArrivalDate: 'Hoped arrival date',
      sender: 'Sender (laboratory)',
      consignee: 'Consignee (site)',
      items: 'Items dispatched',
      index: 'No.',
      kit: 'Kit',
      loose: 'Loose item',
      item: 'Item',
      size: 'Size',
      perKit: 'Per kit',
      quantity: 'Quantity',
      unit: 'Unit',
      lotNumber: 'Lot no.',
      expiryDate: 'Expiry',
      quantityNote:
        'Kit lines count kits; "Per kit" is how many of the item each kit holds, in the unit shown. Loose items count in the unit shown.',
      note: 'Note',
      signatures: 'Hand-over',
      handOver: 'Handed over by (laboratory)',
      receipt: 'Received by (site)',
      receivedInSystem: 'Receipt confirmed in the system',
      kitExpiry: "Kit expiry (its earliest component lot's)",
    },
    zh_HK: {
      title: '耗材發貨單',
      orderNo: '申請單號',
      status: '狀態',
      project: '項目',
      site: '中心',
      applicant: '申請人',
      applyTime: '申請時間',
      dispatcher: '發貨人',
      dispatchTime: '發貨時間',
      courier: '快遞公司',
      expressNo: '運單號',
      hopedArrivalDate: '期望到貨日期',
      sender: '發貨方（實驗室）',
      consignee: '收貨方（中心）',
      items: '發貨清單',
      index: '序號',
      kit: '套件',
      loose: '散裝耗材',
      item: '耗材',
      size: '規格',
      perKit: '每套數量',
      quantity: '發貨數量',
      unit: '單位',
      lotNumber: '批號',
      expiryDate: '有效期',
      quantityNote:
        '套件行的發貨數量以套計，每套數量為每套所含耗材數（單位見「單位」欄）；散裝耗材的發貨數量以所列單位計。',
      note: '備註',
      signatures: '交接簽字',
      handOver: '發貨交接（實驗室）',
      receipt: '收貨簽收（中心）',
      receivedInSystem: '系統確認收貨',
      kitExpiry: '套件有效期（取其組件批次中最早的有效期）',
    },
  },
  draw(w, o, t) {
    w.fields([
      [t.orderNo, o.orderNo],
      [t.status, stateWord(consumableOrderWorkflow, o.status, w.lang)],
      [t.project, `${o.projectNo} ${o.projectName}`],
      [t.site, `${o.siteNo} ${o.siteName}`],
      [t.applicant, o.applicantName],
      [t.applyTime, w.time.minutes(o.applyTime)],
      [t.dispatcher, o.dispatcherName],
      [t.dispatchTime, w.time.minutes(o.dispatchTime)],
      [t.courier, o.courierName],
      [t.expressNo, o.expressNo],
      [t.hopedArrivalDate, o.hopedArrivalDate],
    ]);
    const to = o.receiveAddress;
    w.parties([
      { title: t.sender, lines: [o.sender.name, o.sender.phone, o.sender.address, o.sender.email] },
      { title: t.consignee, lines: [to.name, to.phone, to.company, `${to.area} ${to.detail}`, to.email] },
    ]);
    w.heading(t.items);
    w.table({
      columns: [
        { header: t.index, width: 0.7, align: 'right' },
        { header: t.kit, width: 1.9 },
        { header: t.item, width: 2 },
        { header: t.size, width: 1.2 },
        { header: t.perKit, width: 1, align: 'right' },
        { header: t.quantity, width: 1, align: 'right' },
        { header: t.unit, width: 0.7 },
        { header: t.lotNumber, width: 1.3 },
        { header: t.expiryDate, width: 1.2 },
      ],
      rows: o.lines.map((l, i) => [
        i + 1,
        l.kind === 'kit' ? l.kitName : t.loose,
        localText(l.consumableName, l.consumableEnName, w.lang),
        localText(l.size, l.enSize, w.lang),
        l.kind === 'kit' ? l.quantityPerKit : '',
        l.outboundQuantity ?? l.kitAmount,
        localText(l.unit, l.enUnit, w.lang),
        l.lotNumber,
        l.expiryDate,
      ]),
    });
    w.paragraph(t.quantityNote, 'muted');
    const kits = kitExpiries(o.lines);
    if (kits.length > 0) {
      w.heading(t.kitExpiry);
      w.fields(kits.map((k) => [k.kitName, k.expiryDate]));
    }
    if (o.note) {
      w.heading(t.note);
      w.paragraph(o.note);
    }
    w.heading(t.signatures);
    w.signatures([
      { role: t.handOver },
      o.receivedAt
        ? {
            role: t.receipt,
            name: o.receivedByName,
            meaning: t.receivedInSystem,
            at: w.time.minutes(o.receivedAt),
          }
        : { role: t.receipt },
    ]);
  },
});
