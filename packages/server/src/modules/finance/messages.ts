import type { MessageTexts } from '@trialab/api-contract';

/** Refusals of finance: billable events and the exception queue (docs/finance.md). */
export const FINANCE_MESSAGES = {
  financeExternal: {
    zh_CN: '外部用户不能访问财务管理',
    en_US: 'External users have no access to finance',
    zh_HK: '外部用戶不能訪問財務管理',
  },
  financeNotException: {
    zh_CN: '只有待定价（异常队列中）的计费事件可以豁免',
    en_US: 'Only an unpriced event (on the exception queue) can be waived',
    zh_HK: '只有待定價（異常隊列中）的計費事件可以豁免',
  },
  financeNotStorage: {
    zh_CN: '只有仓储计提事件可以查看样本明细',
    en_US: 'Only a storage accrual has a drill-down to the specimens',
    zh_HK: '只有倉儲計提事件可以查看樣本明細',
  },
  financeFuturePeriod: {
    zh_CN: '期间 {period} 尚未开始，不能生成计费事件',
    en_US: 'The period {period} has not begun: there is no work to bill yet',
    zh_HK: '期間 {period} 尚未開始，不能生成計費事件',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    finance: typeof FINANCE_MESSAGES;
  }
}
