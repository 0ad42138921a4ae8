import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the specimen library's position engine and storage tree. */
export const POSITION_MESSAGES = {
  positionsSpecimenMissing: {
    zh_CN: '样本不存在：{codes}',
    en_US: 'No such specimens: {codes}',
    zh_HK: '樣本不存在：{codes}',
  },
  positionsBoxMissing: { zh_CN: '冻存盒不存在', en_US: 'No such box', zh_HK: '凍存盒不存在' },
  positionsUnitInactive: {
    zh_CN: '存储设备 {unit} 当前状态为“{status}”，不能放入样本',
    en_US: 'Storage unit {unit} is {status}: it takes no specimens',
    zh_HK: '存儲設備 {unit} 當前狀態為「{status}」，不能放入樣本',
  },
  positionsOutside: {
    zh_CN: '位置 {position} 不在冻存盒 {box} 内',
    en_US: 'Position {position} is not inside box {box}',
    zh_HK: '位置 {position} 不在凍存盒 {box} 內',
  },
  positionsNeedCell: {
    zh_CN: '冻存盒 {box} 须指定位置',
    en_US: 'Box {box} needs a position',
    zh_HK: '凍存盒 {box} 須指定位置',
  },
  positionsTaken: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已被占用',
    en_US: 'Position {position} of box {box} is taken',
    zh_HK: '凍存盒 {box} 的位置 {position} 已被佔用',
  },
  positionsTakenMeanwhile: {
    zh_CN: '位置刚被他人占用，请重试',
    en_US: 'A position was taken by someone else meanwhile; try again',
    zh_HK: '位置剛被他人佔用，請重試',
  },
  positionsBlocked: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已锁定：{reason}',
    en_US: 'Position {position} of box {box} is blocked: {reason}',
    zh_HK: '凍存盒 {box} 的位置 {position} 已鎖定：{reason}',
  },
  positionsAlreadyBlocked: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已锁定',
    en_US: 'Position {position} of box {box} is already blocked',
    zh_HK: '凍存盒 {box} 的位置 {position} 已鎖定',
  },
  positionsFull: { zh_CN: '容器 {box} 已满', en_US: 'Container {box} is full', zh_HK: '容器 {box} 已滿' },
  positionsRestricted: {
    zh_CN: '样本 {code} 不符合{level} {name} 的限制（{kind}）',
    en_US: 'Specimen {code} does not meet the {kind} restriction of {level} {name}',
    zh_HK: '樣本 {code} 不符合{level} {name} 的限制（{kind}）',
  },
  positionsTemperature: {
    zh_CN: '样本 {code} 的储存条件为{need}，存储设备 {unit} 为{has}',
    en_US: 'Specimen {code} needs {need} storage; unit {unit} keeps {has}',
    zh_HK: '樣本 {code} 的儲存條件為{need}，存儲設備 {unit} 為{has}',
  },
  positionsState: {
    zh_CN: '样本 {code} 当前为“{state}”，不能{action}',
    en_US: 'Specimen {code} is {state}: it cannot be {action}',
    zh_HK: '樣本 {code} 當前為「{state}」，不能{action}',
  },
  positionsNotSigned: {
    zh_CN: '样本 {code} 尚未在实验室签收或已停用',
    en_US: 'Specimen {code} has not been signed for in the lab, or is disabled',
    zh_HK: '樣本 {code} 尚未在實驗室簽收或已停用',
  },
  positionsInTempStorage: {
    zh_CN: '样本 {code} 仍在暂存中，请先从暂存取出',
    en_US: 'Specimen {code} is still in temporary storage: take it out first',
    zh_HK: '樣本 {code} 仍在暫存中，請先從暫存取出',
  },
  positionsReserved: {
    zh_CN: '样本 {code} 已被另一次自动分配预留',
    en_US: 'Specimen {code} is reserved by another allocation',
    zh_HK: '樣本 {code} 已被另一次自動分配預留',
  },
  positionsTwice: {
    zh_CN: '样本重复：{codes}',
    en_US: 'Specimens given twice: {codes}',
    zh_HK: '樣本重複：{codes}',
  },
  positionsNoRoom: {
    zh_CN: '符合限制的空位不足（需要 {needed}，找到 {found}）',
    en_US: 'Not enough free positions within the restrictions ({needed} needed, {found} found)',
    zh_HK: '符合限制的空位不足（需要 {needed}，找到 {found}）',
  },
  positionsReservationUnknown: {
    zh_CN: '预留不存在或已提交',
    en_US: 'No such reservation, or it was already committed',
    zh_HK: '預留不存在或已提交',
  },
  positionsReservationExpired: {
    zh_CN: '预留已过期（5分钟），请重新分配',
    en_US: 'The reservation expired (5 minutes): allocate again',
    zh_HK: '預留已過期（5分鐘），請重新分配',
  },
  positionsRestrictionBroken: {
    zh_CN: '不能收紧限制：{level}内的样本 {code}（{box} {position}）不符合',
    en_US: 'The restriction cannot be narrowed: specimen {code} ({box} {position}) in this {level} breaks it',
    zh_HK: '不能收緊限制：{level}內的樣本 {code}（{box} {position}）不符合',
  },
  positionsBoxShrink: {
    zh_CN: '冻存盒 {box} 的位置 {position} 有样本，不能缩小到该位置以外',
    en_US: 'Box {box} holds a specimen at {position}: it cannot shrink below it',
    zh_HK: '凍存盒 {box} 的位置 {position} 有樣本，不能縮小到該位置以外',
  },
  positionsCellOccupied: {
    zh_CN: '冻存盒 {box} 的位置 {position} 有样本，不能锁定',
    en_US: 'Position {position} of box {box} holds a specimen: it cannot be blocked',
    zh_HK: '凍存盒 {box} 的位置 {position} 有樣本，不能鎖定',
  },
  positionsSlotTaken: {
    zh_CN: '{rack} 的位置 {slot} 已有冻存盒或冻存架',
    en_US: 'Slot {slot} of {rack} already holds a box or rack',
    zh_HK: '{rack} 的位置 {slot} 已有凍存盒或凍存架',
  },
  positionsSlotOutside: {
    zh_CN: '位置 {slot} 不在 {rack} 内',
    en_US: 'Slot {slot} is not inside {rack}',
    zh_HK: '位置 {slot} 不在 {rack} 內',
  },
  positionsContainerInUse: {
    zh_CN: '{name} 中有样本，不能删除或改变温度条件',
    en_US: '{name} holds specimens: it cannot be removed or change its storage condition',
    zh_HK: '{name} 中有樣本，不能刪除或改變溫度條件',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    positions: typeof POSITION_MESSAGES;
  }
}
