import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the library's legal holds and consent withdrawals. */
export const LIBRARY_HOLD_MESSAGES = {
  holdRefused: {
    zh_CN: '样本 {code} 有“{hold}”标记{holder}，不能{action}',
    en_US: 'Specimen {code} carries a {hold} flag{holder}: it cannot be {action}',
    zh_HK: '樣本 {code} 有「{hold}」標記{holder}，不能{action}',
  },
  holdTarget: {
    zh_CN: '请给出样本条码，或给出一位受试者（二者选一）',
    en_US: 'Give either the specimens’ barcodes or one subject, not both and not neither',
    zh_HK: '請給出樣本條碼，或給出一位受試者（二者選一）',
  },
  holdAlready: {
    zh_CN: '{what} 已有“{hold}”标记',
    en_US: '{what} already carries a {hold} flag',
    zh_HK: '{what} 已有「{hold}」標記',
  },
  holdSubject: {
    zh_CN: '受试者 {no}',
    en_US: 'Subject {no}',
    zh_HK: '受試者 {no}',
  },
  holdSpecimen: {
    zh_CN: '样本 {code}',
    en_US: 'Specimen {code}',
    zh_HK: '樣本 {code}',
  },
  holdLifted: {
    zh_CN: '此标记已于 {at} 解除',
    en_US: 'This flag was lifted at {at}',
    zh_HK: '此標記已於 {at} 解除',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    libraryHolds: typeof LIBRARY_HOLD_MESSAGES;
  }
}
