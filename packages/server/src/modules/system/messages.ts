import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the platform's reference data: departments and dictionaries. */
export const PLATFORM_DATA_MESSAGES = {
  deptCycle: {
    zh_CN: '不能把部门移到它自己或它的下级部门之下',
    en_US: 'A department cannot be moved under itself or one of its sub-departments',
    zh_HK: '不能把部門移到它自己或它的下級部門之下',
  },
  deptNameTaken: {
    zh_CN: '同一上级部门下已有名为「{name}」的部门',
    en_US: 'The parent department already has a department named "{name}"',
    zh_HK: '同一上級部門下已有名為「{name}」的部門',
  },
  deptHasChildren: {
    zh_CN: '该部门下还有 {count} 个启用的下级部门，请先停用或移走它们',
    en_US: 'The department still has {count} enabled sub-departments: disable or move them first',
    zh_HK: '該部門下還有 {count} 個已啟用的下級部門，請先停用或移走它們',
  },
  deptHasMembers: {
    zh_CN: '该部门还有 {count} 名启用的成员，请先调整他们的部门或停用账号',
    en_US: 'The department still has {count} enabled members: move them or disable their accounts first',
    zh_HK: '該部門還有 {count} 名已啟用的成員，請先調整他們的部門或停用賬號',
  },
  deptParentDisabled: {
    zh_CN: '上级部门已停用，请先启用上级部门',
    en_US: 'The parent department is disabled: enable it first',
    zh_HK: '上級部門已停用，請先啟用上級部門',
  },
  dictImportUnreadable: {
    zh_CN: '无法读取该文件，请使用字典导入模板（xlsx）',
    en_US: 'The file cannot be read: use the dictionary import template (xlsx)',
    zh_HK: '無法讀取該文件，請使用字典匯入範本（xlsx）',
  },
  dictImportEmpty: {
    zh_CN: '文件中没有字典数据',
    en_US: 'The file holds no dictionary items',
    zh_HK: '文件中沒有字典數據',
  },
  dictImportTooMany: {
    zh_CN: '一次最多导入 {max} 行',
    en_US: 'At most {max} rows per import',
    zh_HK: '一次最多匯入 {max} 行',
  },
  dictImportNothingValid: {
    zh_CN: '文件中没有可导入的行，请按预览中的错误修改后重新上传',
    en_US: 'No row of the file can be imported: fix the errors shown in the preview and upload it again',
    zh_HK: '文件中沒有可匯入的行，請按預覽中的錯誤修改後重新上傳',
  },
  dictRowUnknownType: {
    zh_CN: '字典编号 {dictNo} 不存在',
    en_US: 'Dictionary {dictNo} does not exist',
    zh_HK: '字典編號 {dictNo} 不存在',
  },
  dictRowMissingValue: { zh_CN: '缺少字典值', en_US: 'The value is missing', zh_HK: '缺少字典值' },
  dictRowMissingLabel: {
    zh_CN: '缺少中文名称',
    en_US: 'The Chinese label is missing',
    zh_HK: '缺少中文名稱',
  },
  dictRowMissingEnLabel: {
    zh_CN: '缺少英文名称',
    en_US: 'The English label is missing',
    zh_HK: '缺少英文名稱',
  },
  dictRowTooLong: {
    zh_CN: '{field}超过 {max} 个字符',
    en_US: '{field} is longer than {max} characters',
    zh_HK: '{field}超過 {max} 個字符',
  },
  dictRowBadSort: {
    zh_CN: '排序须为 0 至 9999 的整数',
    en_US: 'The sort must be a whole number from 0 to 9999',
    zh_HK: '排序須為 0 至 9999 的整數',
  },
  dictRowRepeatedValue: {
    zh_CN: '与第 {line} 行的字典值重复',
    en_US: 'The same value as row {line}',
    zh_HK: '與第 {line} 行的字典值重複',
  },
  dictRowUnsafeText: {
    zh_CN: '含有无法保存的字符',
    en_US: 'Holds characters that cannot be stored',
    zh_HK: '含有無法儲存的字符',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    platformData: typeof PLATFORM_DATA_MESSAGES;
  }
}
