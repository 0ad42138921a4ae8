import type { MessageTexts } from '@trialab/api-contract';

/** Server messages of /express/edit-check (added to lib/i18n.ts by app.ts). */
export const EXPRESS_EDIT_CHECK_MESSAGES = {
  bookingCorrectedSubject: {
    zh_CN: '您的样本运输预约已由实验室更正',
    en_US: 'The laboratory corrected your sample shipment booking',
    zh_HK: '您的樣本運輸預約已由實驗室更正',
  },
  bookingCorrectedBody: {
    zh_CN:
      '运输预约 {orderNo} 已由 {by} 在揽收前更正（样本、揽收时间或联系人）。更正原因：{reason}。请在“样本运输预约”中查看。',
    en_US:
      'Shipment booking {orderNo} was corrected by {by} before pick-up (samples, pick-up time or contacts). Reason: {reason}. See it under shipment bookings.',
    zh_HK:
      '運輸預約 {orderNo} 已由 {by} 在攬收前更正（樣本、攬收時間或聯絡人）。更正原因：{reason}。請在「樣本運輸預約」中查看。',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    expressEditCheck: typeof EXPRESS_EDIT_CHECK_MESSAGES;
  }
}
