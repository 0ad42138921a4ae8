import type { MessageTexts } from '@trialab/api-contract';

/** Refusals of receivables: payments and their allocations (docs/finance.md "Receivables"). */
export const RECEIVABLE_MESSAGES = {
  receivableFuturePayment: {
    zh_CN: '收款日期 {day} 晚于今天',
    en_US: 'The day received, {day}, is after today',
    zh_HK: '收款日期 {day} 晚於今天',
  },
  receivableNotConfirmed: {
    zh_CN: '只有已确认的结算单可以核销收款（{statement}）',
    en_US: 'Only a confirmed statement takes a payment ({statement})',
    zh_HK: '只有已確認的結算單可以核銷收款（{statement}）',
  },
  receivableOtherCustomer: {
    zh_CN: '结算单 {statement} 不属于该付款客户',
    en_US: 'Statement {statement} is not of the paying customer',
    zh_HK: '結算單 {statement} 不屬於該付款客戶',
  },
  receivableCurrency: {
    zh_CN: '结算单 {statement} 的币种为 {statementCurrency}，收款币种为 {paymentCurrency}',
    en_US: 'Statement {statement} is in {statementCurrency}; the payment is in {paymentCurrency}',
    zh_HK: '結算單 {statement} 的幣種為 {statementCurrency}，收款幣種為 {paymentCurrency}',
  },
  receivableOverStatement: {
    zh_CN: '核销金额 {amount} 超过结算单 {statement} 的未收余额 {outstanding}',
    en_US:
      'The allocation of {amount} exceeds the outstanding balance of statement {statement}: {outstanding}',
    zh_HK: '核銷金額 {amount} 超過結算單 {statement} 的未收餘額 {outstanding}',
  },
  receivableOverPayment: {
    zh_CN: '核销合计 {amount} 超过该笔收款的未核销余额 {rest}',
    en_US: 'The allocations of {amount} in all exceed what is left of the payment: {rest}',
    zh_HK: '核銷合計 {amount} 超過該筆收款的未核銷餘額 {rest}',
  },
  receivableStatementTwice: {
    zh_CN: '每张结算单在一次核销中只能出现一次',
    en_US: 'Each statement appears once in an allocation',
    zh_HK: '每張結算單在一次核銷中只能出現一次',
  },
  receivableAlreadyUndone: {
    zh_CN: '该核销已撤销',
    en_US: 'The allocation is already undone',
    zh_HK: '該核銷已撤銷',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    financeReceivables: typeof RECEIVABLE_MESSAGES;
  }
}
