import type { MessageTexts } from '@trialab/api-contract';

/** Messages of kit and tube barcodes (/supply/consum-barcode-list) and the receipt desk's check. */
export const SUPPLY_BARCODE_MESSAGES = {
  barcodeSiteNotInProject: {
    zh_CN: '该中心不属于所选项目',
    en_US: 'That site is not one of the chosen project’s',
    zh_HK: '該中心不屬於所選項目',
  },
  barcodeVisitNotInProject: {
    zh_CN: '该访视不属于所选项目',
    en_US: 'That visit is not one of the chosen project’s',
    zh_HK: '該訪視不屬於所選項目',
  },
  barcodeNotFound: {
    zh_CN: '以下条码不存在或不在您的项目中：{codes}',
    en_US: 'These codes do not exist or are outside your projects: {codes}',
    zh_HK: '以下條碼不存在或不在您的項目中：{codes}',
  },
  barcodeNotShippable: {
    zh_CN: '以下条码已寄出、已接收或已作废，不能寄出：{codes}',
    en_US: 'These codes were already shipped, used or voided and cannot be shipped: {codes}',
    zh_HK: '以下條碼已寄出、已接收或已作廢，不能寄出：{codes}',
  },
  barcodeNotVoidable: {
    zh_CN: '以下条码已接收或已作废，不能作废：{codes}',
    en_US: 'These codes were already used at receipt or voided and cannot be voided: {codes}',
    zh_HK: '以下條碼已接收或已作廢，不能作廢：{codes}',
  },
  barcodeNotPrintable: {
    zh_CN: '以下条码已接收或已作废，不能打印标签：{codes}',
    en_US: 'These codes were used at receipt or voided; their labels are not printed: {codes}',
    zh_HK: '以下條碼已接收或已作廢，不能打印標籤：{codes}',
  },
  barcodeCheckOk: {
    zh_CN: '条码 {code} 核对通过（{project} / {site}{visit}），已记录为本次接收',
    en_US: 'Code {code} checks out ({project} / {site}{visit}) and is recorded as received here',
    zh_HK: '條碼 {code} 核對通過（{project} / {site}{visit}），已記錄為本次接收',
  },
  barcodeCheckBadCheck: {
    zh_CN: '条码 {code} 的校验位不对：可能扫错或录错，请重新扫描',
    en_US: 'Code {code} has a wrong check character: misread or mistyped, scan it again',
    zh_HK: '條碼 {code} 的校驗位不對：可能掃錯或錄錯，請重新掃描',
  },
  barcodeCheckUnknown: {
    zh_CN: '条码 {code} 不是本实验室发放的条码',
    en_US: 'Code {code} was never issued by this lab',
    zh_HK: '條碼 {code} 不是本實驗室發放的條碼',
  },
  barcodeCheckVoided: {
    zh_CN: '条码 {code} 已作废（{reason}），不能接收',
    en_US: 'Code {code} was voided ({reason}) and cannot be received',
    zh_HK: '條碼 {code} 已作廢（{reason}），不能接收',
  },
  barcodeCheckAlreadyUsed: {
    zh_CN: '条码 {code} 已于 {at} 在运单 {orderNo} 中接收过',
    en_US: 'Code {code} was already received at {at} in shipment {orderNo}',
    zh_HK: '條碼 {code} 已於 {at} 在運單 {orderNo} 中接收過',
  },
  barcodeCheckWrongProject: {
    zh_CN: '条码 {code} 不属于本运单的项目 {project}',
    en_US: 'Code {code} is not one of this shipment’s project {project}',
    zh_HK: '條碼 {code} 不屬於本運單的項目 {project}',
  },
  barcodeCheckWrongSite: {
    zh_CN: '条码 {code} 是发给中心 {codeSite} 的，本运单来自中心 {site}',
    en_US: 'Code {code} was sent to site {codeSite}; this shipment comes from site {site}',
    zh_HK: '條碼 {code} 是發給中心 {codeSite} 的，本運單來自中心 {site}',
  },
  barcodeCheckWrongVisit: {
    zh_CN: '条码 {code} 是访视“{codeVisit}”的，不是“{visit}”',
    en_US: 'Code {code} is for visit “{codeVisit}”, not “{visit}”',
    zh_HK: '條碼 {code} 是訪視「{codeVisit}」的，不是「{visit}」',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    supplyBarcodes: typeof SUPPLY_BARCODE_MESSAGES;
  }
}
