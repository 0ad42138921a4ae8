import type { MessageTexts } from '@trialab/api-contract';

/** Server messages of the portal (added to lib/i18n.ts by app.ts). */
export const PORTAL_MESSAGES = {
  invalidState: {
    zh_CN: '当前状态（{state}）不允许此操作：{action}',
    en_US: 'Not allowed in the current state ({state}): {action}',
    zh_HK: '當前狀態（{state}）不允許此操作：{action}',
  },
  notApplicant: {
    zh_CN: '只有申请人可以执行此操作',
    en_US: 'Only the applicant can do this',
    zh_HK: '只有申請人可以執行此操作',
  },
  selfAudit: {
    zh_CN: '不能审核自己提交的申请',
    en_US: 'You cannot review your own application',
    zh_HK: '不能審核自己提交的申請',
  },
  authorMayNotApprove: {
    zh_CN: '您编写或提交了此版本，不能由您{action}（职责分离），请由其他有权限的人员处理',
    en_US:
      'You wrote or submitted this version, so you may not {action} it (separation of duties); another authorised person must',
    zh_HK: '您編寫或提交了此版本，不能由您{action}（職責分離），請由其他有權限的人員處理',
  },
  mixedTemperature: {
    zh_CN: '只有相同运输温度的样本可以放在同一运单中',
    en_US: 'Only samples with the same transport temperature can go in one shipment',
    zh_HK: '只有相同運輸溫度的樣本可以放在同一運單中',
  },
  notDispatched: {
    zh_CN: '该申请尚未发货，没有发货单',
    en_US: 'The application has not been dispatched yet: there is no dispatch note',
    zh_HK: '該申請尚未發貨，沒有發貨單',
  },
  kitNotConfirmed: {
    zh_CN: '该中心尚未确认套件供应：{kit}',
    en_US: 'The kit supply is not confirmed for this site: {kit}',
    zh_HK: '該中心尚未確認套件供應：{kit}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    portal: typeof PORTAL_MESSAGES;
  }
}
