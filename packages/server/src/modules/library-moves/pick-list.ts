import {
  CUSTODY_ACTION_WORDS,
  libraryWord,
  type MoveLine,
  type MoveRequestRow,
  moveRequestWorkflow,
  stateWord,
} from '@trialab/api-contract';
import { defineDocument } from '../../documents/document.js';

export interface PickListData {
  request: MoveRequestRow;
  /** In pick order: room, unit, rack, box, position taken from. */
  lines: MoveLine[];
}

const where = (p: MoveLine['from']) => [p.unit, p.rack, p.box].filter(Boolean).join(' / ');

/**
 * The pick-and-put list the keeper carries to the freezers: each line's specimen (or box), where to
 * take it from and where to put it, in the order of the walk (room, unit, rack, box, position), with
 * a tick column and lines to sign for the move done and checked.
 */
export const movePickList = defineDocument({
  kind: 'move-pick-list',
  barcode: 'code128',
  number: (d: PickListData) => d.request.number,
  texts: {
    zh_CN: {
      title: '样本移位拣放清单',
      number: '申请单号',
      status: '状态',
      reason: '移位原因',
      creator: '申请人',
      reviewer: '审核人',
      lines: '拣放清单（按房间、设备、冻存架、冻存盒、位置排序）',
      index: '序号',
      action: '操作',
      item: '样本 / 冻存盒',
      room: '房间',
      from: '取自',
      fromPosition: '原位置',
      to: '放入',
      toPosition: '新位置',
      done: '完成',
      hidden: '（不在权限范围）',
      signatures: '签字',
      mover: '执行人',
      checker: '复核人',
    },
    en_US: {
      title: 'Specimen move pick-and-put list',
      number: 'Request no.',
      status: 'Status',
      reason: 'Reason',
      creator: 'Requested by',
      reviewer: 'Reviewed by',
      lines: 'Pick and put (by room, unit, rack, box, position)',
      index: 'No.',
      action: 'Action',
      item: 'Specimen / box',
      room: 'Room',
      from: 'Take from',
      fromPosition: 'Position',
      to: 'Put into',
      toPosition: 'Position',
      done: 'Done',
      hidden: '(outside your scope)',
      signatures: 'Signatures',
      mover: 'Moved by',
      checker: 'Checked by',
    },
    zh_HK: {
      title: '樣本移位揀放清單',
      number: '申請單號',
      status: '狀態',
      reason: '移位原因',
      creator: '申請人',
      reviewer: '審核人',
      lines: '揀放清單（按房間、設備、凍存架、凍存盒、位置排序）',
      index: '序號',
      action: '操作',
      item: '樣本 / 凍存盒',
      room: '房間',
      from: '取自',
      fromPosition: '原位置',
      to: '放入',
      toPosition: '新位置',
      done: '完成',
      hidden: '（不在權限範圍）',
      signatures: '簽字',
      mover: '執行人',
      checker: '覆核人',
    },
  },
  draw(w, d, t) {
    const r = d.request;
    w.fields([
      [t.number, r.number],
      [t.status, stateWord(moveRequestWorkflow, r.status, w.lang)],
      [t.creator, r.creatorName],
      [t.reviewer, r.reviewerName],
      [t.reason, r.reason],
    ]);
    w.heading(t.lines);
    w.table({
      columns: [
        { header: t.index, width: 0.6, align: 'right' },
        { header: t.action, width: 0.9 },
        { header: t.item, width: 1.6 },
        { header: t.room, width: 1.2 },
        { header: t.from, width: 2.2 },
        { header: t.fromPosition, width: 0.8 },
        { header: t.to, width: 2.2 },
        { header: t.toPosition, width: 0.8 },
        { header: t.done, width: 0.6 },
      ],
      rows: d.lines.map((l) => [
        l.seq,
        libraryWord(CUSTODY_ACTION_WORDS, l.action, w.lang),
        l.boxCode ?? l.barcode ?? t.hidden,
        l.from.room,
        where(l.from),
        l.from.position,
        where(l.to),
        l.to.position,
        '',
      ]),
    });
    w.heading(t.signatures);
    w.signatures([{ role: t.mover }, { role: t.checker }]);
  },
});
