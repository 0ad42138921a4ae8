import { type BillDetail, destroyBillWorkflow, outboundBillWorkflow, stateWord } from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';

/**
 * A bill's pick list: the lines in the order a keeper walks (room, unit, rack, box, position), the
 * boxes with how many of their tubes go (one box scan confirms them), and lines to sign at handover
 * (outbound: the receiver; destruction: the witness).
 */
export const pickList = defineDocument({
  kind: 'pick-list',
  barcode: 'code128',
  number: (b: BillDetail) => b.billNo,
  texts: {
    zh_CN: {
      title: '样本拣货单',
      billNo: '单号',
      status: '状态',
      project: '项目',
      reason: '原因',
      recipient: '接收人 / 单位',
      planned: '计划日期',
      boxes: '冻存盒（扫盒码即确认盒内本单样本）',
      box: '冻存盒',
      tubes: '本单样本数',
      lines: '拣货清单',
      index: '序号',
      barcode: '条码',
      room: '房间',
      unit: '存储设备',
      rack: '冻存架',
      cell: '孔位',
      quantity: '出库量',
      whole: '整管',
      picked: '已拣',
      signatures: '交接签字',
      picker: '拣货人',
      receiver: '接收人',
      witness: '见证人',
    },
    en_US: {
      title: 'Specimen pick list',
      billNo: 'Bill no.',
      status: 'Status',
      project: 'Project',
      reason: 'Reason',
      recipient: 'Recipient / destination',
      planned: 'Planned day',
      boxes: 'Boxes (a box scan confirms its tubes on this bill)',
      box: 'Box',
      tubes: 'Tubes on this bill',
      lines: 'Pick list',
      index: 'No.',
      barcode: 'Barcode',
      room: 'Room',
      unit: 'Unit',
      rack: 'Rack',
      cell: 'Cell',
      quantity: 'Quantity',
      whole: 'whole',
      picked: 'Picked',
      signatures: 'Handover',
      picker: 'Picked by',
      receiver: 'Received by',
      witness: 'Witness',
    },
    zh_HK: {
      title: '樣本揀貨單',
      billNo: '單號',
      status: '狀態',
      project: '項目',
      reason: '原因',
      recipient: '接收人 / 單位',
      planned: '計劃日期',
      boxes: '凍存盒（掃盒碼即確認盒內本單樣本）',
      box: '凍存盒',
      tubes: '本單樣本數',
      lines: '揀貨清單',
      index: '序號',
      barcode: '條碼',
      room: '房間',
      unit: '存儲設備',
      rack: '凍存架',
      cell: '孔位',
      quantity: '出庫量',
      whole: '整管',
      picked: '已揀',
      signatures: '交接簽字',
      picker: '揀貨人',
      receiver: '接收人',
      witness: '見證人',
    },
  },
  draw(w, b, t) {
    const workflow = b.kind === 'destroy' ? destroyBillWorkflow : outboundBillWorkflow;
    w.fields([
      [t.billNo, b.billNo],
      [t.status, stateWord(workflow, b.status, w.lang)],
      [t.project, `${b.projectNo} ${b.projectName}`],
      [t.reason, b.reasonLabel],
      [t.recipient, b.recipient ? `${b.recipient} / ${b.destination ?? ''}` : null],
      [t.planned, b.plannedAt],
    ]);
    const boxes: Array<[string, number]> = [];
    for (const l of b.lineRows) {
      if (!l.box) continue;
      const last = boxes[boxes.length - 1];
      if (last && last[0] === l.box) last[1] += 1;
      else boxes.push([l.box, 1]);
    }
    w.heading(t.boxes);
    w.table({
      columns: [
        { header: t.box, width: 3 },
        { header: t.tubes, width: 1, align: 'right' },
      ],
      rows: boxes.map(([box, n]) => [box, n]),
    });
    w.heading(t.lines);
    w.table({
      columns: [
        { header: t.index, width: 0.6, align: 'right' },
        { header: t.barcode, width: 1.6 },
        { header: t.room, width: 1.4 },
        { header: t.unit, width: 1.6 },
        { header: t.rack, width: 1.2 },
        { header: t.box, width: 1.6 },
        { header: t.cell, width: 0.7 },
        { header: t.quantity, width: 0.9, align: 'right' },
        { header: t.picked, width: 0.7 },
      ],
      rows: b.lineRows.map((l, i) => [
        i + 1,
        l.barcode,
        l.roomName,
        l.unitName,
        l.rack,
        l.box,
        l.position,
        l.whole ? t.whole : `${l.quantityUl} µL`,
        '',
      ]),
    });
    w.heading(t.signatures);
    w.signatures([{ role: t.picker }, { role: b.kind === 'destroy' ? t.witness : t.receiver }]);
  },
});
