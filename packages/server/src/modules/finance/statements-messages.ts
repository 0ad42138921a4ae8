import type { MessageTexts } from '@trialab/api-contract';

/** Refusals of statements and adjustments (docs/finance.md "Statements"). */
export const STATEMENT_MESSAGES = {
  statementNothingToBill: {
    zh_CN: '项目在 {period} 及之前没有未结算的已定价计费事件',
    en_US: 'The project has no priced billable events up to {period} that are not on a statement',
    zh_HK: '項目在 {period} 及之前沒有未結算的已定價計費事件',
  },
  statementFxRequired: {
    zh_CN: '外币结算单确认时须填写对人民币的汇率及其日期',
    en_US: 'A statement in a foreign currency is confirmed with its rate to CNY and the rate’s date',
    zh_HK: '外幣結算單確認時須填寫對人民幣的匯率及其日期',
  },
  statementNotConfirmed: {
    zh_CN: '只有已确认的结算单可以登记发票或调整',
    en_US: 'Only a confirmed statement has a fapiao recorded or is adjusted',
    zh_HK: '只有已確認的結算單可以登記發票或調整',
  },
  statementNoPdf: {
    zh_CN: '结算单 PDF 不存在',
    en_US: 'The statement has no stored PDF',
    zh_HK: '結算單 PDF 不存在',
  },
  adjustmentLineNotOnStatement: {
    zh_CN: '调整行必须是该结算单上的明细，且每行只出现一次',
    en_US: 'Each adjustment line names a line of this statement, once',
    zh_HK: '調整行必須是該結算單上的明細，且每行只出現一次',
  },
  adjustmentRedLetter: {
    zh_CN: '红字冲减 {amount} 超过原明细「{line}」扣除已冲减后的余额 {remaining}',
    en_US:
      'The credit of {amount} exceeds what is left of the line “{line}” after earlier credits: {remaining}',
    zh_HK: '紅字沖減 {amount} 超過原明細「{line}」扣除已沖減後的餘額 {remaining}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    financeStatements: typeof STATEMENT_MESSAGES;
  }
}
