import type { MessageTexts } from '@trialab/api-contract';

/** Messages of suppliers (docs/supply.md "Suppliers"). */
export const SUPPLIER_MESSAGES = {
  supplierCodeTaken: {
    zh_CN: '供应商编码 {code} 已存在',
    en_US: 'A supplier with code {code} already exists',
    zh_HK: '供應商編碼 {code} 已存在',
  },
  supplierUnknown: {
    zh_CN: '供应商不存在',
    en_US: 'The supplier does not exist',
    zh_HK: '供應商不存在',
  },
  supplierBlocked: {
    zh_CN: '供应商 {supplier} 已停用（{reason}），不能入库其批次',
    en_US: 'Supplier {supplier} is blocked ({reason}): its lots cannot be stocked in',
    zh_HK: '供應商 {supplier} 已停用（{reason}），不能入庫其批次',
  },
  supplierQualificationExpired: {
    zh_CN: '供应商 {supplier} 的{document}（{docNo}）已于 {expiry} 过期，不能入库其批次',
    en_US: "Supplier {supplier}'s {document} ({docNo}) expired on {expiry}: its lots cannot be stocked in",
    zh_HK: '供應商 {supplier} 的{document}（{docNo}）已於 {expiry} 過期，不能入庫其批次',
  },
} satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    supplier: typeof SUPPLIER_MESSAGES;
  }
}
