import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the specimen library's position engine and storage tree. */
export const POSITION_MESSAGES = {
  positionsSpecimenMissing: { zh_CN: '样本不存在：{codes}', en_US: 'No such specimens: {codes}' },
  positionsBoxMissing: { zh_CN: '冻存盒不存在', en_US: 'No such box' },
  positionsUnitInactive: {
    zh_CN: '存储设备 {unit} 当前状态为“{status}”，不能放入样本',
    en_US: 'Storage unit {unit} is {status}: it takes no specimens',
  },
  positionsOutside: {
    zh_CN: '位置 {position} 不在冻存盒 {box} 内',
    en_US: 'Position {position} is not inside box {box}',
  },
  positionsNeedCell: {
    zh_CN: '冻存盒 {box} 须指定位置',
    en_US: 'Box {box} needs a position',
  },
  positionsTaken: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已被占用',
    en_US: 'Position {position} of box {box} is taken',
  },
  positionsTakenMeanwhile: {
    zh_CN: '位置刚被他人占用，请重试',
    en_US: 'A position was taken by someone else meanwhile; try again',
  },
  positionsBlocked: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已锁定：{reason}',
    en_US: 'Position {position} of box {box} is blocked: {reason}',
  },
  positionsAlreadyBlocked: {
    zh_CN: '冻存盒 {box} 的位置 {position} 已锁定',
    en_US: 'Position {position} of box {box} is already blocked',
  },
  positionsFull: { zh_CN: '容器 {box} 已满', en_US: 'Container {box} is full' },
  positionsRestricted: {
    zh_CN: '样本 {code} 不符合{level} {name} 的限制（{kind}）',
    en_US: 'Specimen {code} does not meet the {kind} restriction of {level} {name}',
  },
  positionsTemperature: {
    zh_CN: '样本 {code} 的储存条件为{need}，存储设备 {unit} 为{has}',
    en_US: 'Specimen {code} needs {need} storage; unit {unit} keeps {has}',
  },
  positionsState: {
    zh_CN: '样本 {code} 当前为“{state}”，不能{action}',
    en_US: 'Specimen {code} is {state}: it cannot be {action}',
  },
  positionsNotSigned: {
    zh_CN: '样本 {code} 尚未在实验室签收或已停用',
    en_US: 'Specimen {code} has not been signed for in the lab, or is disabled',
  },
  positionsInTempStorage: {
    zh_CN: '样本 {code} 仍在暂存中，请先从暂存取出',
    en_US: 'Specimen {code} is still in temporary storage: take it out first',
  },
  positionsReserved: {
    zh_CN: '样本 {code} 已被另一次自动分配预留',
    en_US: 'Specimen {code} is reserved by another allocation',
  },
  positionsTwice: { zh_CN: '样本重复：{codes}', en_US: 'Specimens given twice: {codes}' },
  positionsNoRoom: {
    zh_CN: '符合限制的空位不足（需要 {needed}，找到 {found}）',
    en_US: 'Not enough free positions within the restrictions ({needed} needed, {found} found)',
  },
  positionsReservationUnknown: {
    zh_CN: '预留不存在或已提交',
    en_US: 'No such reservation, or it was already committed',
  },
  positionsReservationExpired: {
    zh_CN: '预留已过期（5分钟），请重新分配',
    en_US: 'The reservation expired (5 minutes): allocate again',
  },
  positionsRestrictionBroken: {
    zh_CN: '不能收紧限制：{level}内的样本 {code}（{box} {position}）不符合',
    en_US: 'The restriction cannot be narrowed: specimen {code} ({box} {position}) in this {level} breaks it',
  },
  positionsBoxShrink: {
    zh_CN: '冻存盒 {box} 的位置 {position} 有样本，不能缩小到该位置以外',
    en_US: 'Box {box} holds a specimen at {position}: it cannot shrink below it',
  },
  positionsCellOccupied: {
    zh_CN: '冻存盒 {box} 的位置 {position} 有样本，不能锁定',
    en_US: 'Position {position} of box {box} holds a specimen: it cannot be blocked',
  },
  positionsSlotTaken: {
    zh_CN: '{rack} 的位置 {slot} 已有冻存盒或冻存架',
    en_US: 'Slot {slot} of {rack} already holds a box or rack',
  },
  positionsSlotOutside: {
    zh_CN: '位置 {slot} 不在 {rack} 内',
    en_US: 'Slot {slot} is not inside {rack}',
  },
  positionsContainerInUse: {
    zh_CN: '{name} 中有样本，不能删除或改变温度条件',
    en_US: '{name} holds specimens: it cannot be removed or change its storage condition',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    positions: typeof POSITION_MESSAGES;
  }
}
