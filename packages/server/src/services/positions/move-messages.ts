import type { MessageTexts } from '@trialab/api-contract';

/** Messages of reviewed moves and evacuation (services/positions/moves.ts). */
export const MOVE_MESSAGES = {
  movesHeld: {
    zh_CN: '{what} 已在未完成的移位申请 {number} 中',
    en_US: '{what} is on open move request {number}',
    zh_HK: '{what} 已在未完成的移位申請 {number} 中',
  },
  movesNotStored: {
    zh_CN: '样本 {code} 不在库中，不能移位',
    en_US: 'Specimen {code} is not in storage: it cannot be moved',
    zh_HK: '樣本 {code} 不在庫中，不能移位',
  },
  movesBoxTwice: {
    zh_CN: '冻存盒 {box} 在申请中出现了两次',
    en_US: 'Box {box} is on the request twice',
    zh_HK: '凍存盒 {box} 在申請中出現了兩次',
  },
  movesLineMoved: {
    zh_CN: '第 {line} 行：{what} 已不在 {place}，申请无法执行',
    en_US: 'Line {line}: {what} is no longer at {place}; the request cannot be carried out',
    zh_HK: '第 {line} 行：{what} 已不在 {place}，申請無法執行',
  },
  movesLineFailed: {
    zh_CN: '第 {line} 行无法执行：{problem}',
    en_US: 'Line {line} cannot be carried out: {problem}',
    zh_HK: '第 {line} 行無法執行：{problem}',
  },
  movesEvacuateSelf: {
    zh_CN: '备用设备不能是故障设备本身',
    en_US: 'The failed unit cannot be its own backup',
    zh_HK: '備用設備不能是故障設備本身',
  },
  movesEvacuateTarget: {
    zh_CN: '存储设备 {unit} 当前状态为“{status}”，不能接收转移的样本',
    en_US: 'Storage unit {unit} is {status}: it cannot take an evacuation',
    zh_HK: '存儲設備 {unit} 當前狀態為「{status}」，不能接收轉移的樣本',
  },
  movesEvacuateEmpty: {
    zh_CN: '存储设备 {unit} 中没有在库样本',
    en_US: 'Storage unit {unit} holds no stored specimens',
    zh_HK: '存儲設備 {unit} 中沒有在庫樣本',
  },
  movesEvacuateNoRoom: {
    zh_CN: '备用设备只能容纳 {found} / {needed} 个样本（按存储条件和限制），请再选择备用设备',
    en_US:
      'The backup units have room for {found} of the {needed} specimens (by condition and restrictions): choose more backup units',
    zh_HK: '備用設備只能容納 {found} / {needed} 個樣本（按存儲條件和限制），請再選擇備用設備',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    moves: typeof MOVE_MESSAGES;
  }
}
