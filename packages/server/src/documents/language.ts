import type { Lang } from '@trialab/api-contract';

/** A document's texts: every key in every language, so a missing translation fails the typecheck. */
export type Texts<K extends string> = Record<Lang, Record<K, string>>;

/** Texts every document prints (page frame, signature blocks). */
export const FRAME_TEXTS: Texts<
  | 'page'
  | 'printed'
  | 'signature'
  | 'date'
  | 'signedBy'
  | 'meaning'
  | 'signedAt'
  | 'continued'
  | 'accreditation'
> = {
  zh_CN: {
    page: '第 {page} 页 / 共 {pages} 页',
    printed: '打印时间',
    signature: '签名',
    date: '日期',
    signedBy: '签名人',
    meaning: '签名含义',
    signedAt: '签名时间',
    continued: '续',
    accreditation: '认可证书编号',
  },
  en_US: {
    page: 'Page {page} of {pages}',
    printed: 'Printed',
    signature: 'Signature',
    date: 'Date',
    signedBy: 'Signed by',
    meaning: 'Meaning',
    signedAt: 'Signed at',
    continued: 'continued',
    accreditation: 'Accreditation no.',
  },
  zh_HK: {
    page: '第 {page} 頁 / 共 {pages} 頁',
    printed: '列印時間',
    signature: '簽名',
    date: '日期',
    signedBy: '簽名人',
    meaning: '簽名含義',
    signedAt: '簽名時間',
    continued: '續',
    accreditation: '認可證書編號',
  },
};

/** `{name}` placeholders filled from `values`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
