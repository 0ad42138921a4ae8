import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the platform's reference data: departments and dictionaries. */
export const PLATFORM_DATA_MESSAGES = {
  deptCycle: {
    zh_CN: '不能把部门移到它自己或它的下级部门之下',
    en_US: 'A department cannot be moved under itself or one of its sub-departments',
  },
  deptNameTaken: {
    zh_CN: '同一上级部门下已有名为「{name}」的部门',
    en_US: 'The parent department already has a department named "{name}"',
  },
  deptHasChildren: {
    zh_CN: '该部门下还有 {count} 个启用的下级部门，请先停用或移走它们',
    en_US: 'The department still has {count} enabled sub-departments: disable or move them first',
  },
  deptHasMembers: {
    zh_CN: '该部门还有 {count} 名启用的成员，请先调整他们的部门或停用账号',
    en_US: 'The department still has {count} enabled members: move them or disable their accounts first',
  },
  deptParentDisabled: {
    zh_CN: '上级部门已停用，请先启用上级部门',
    en_US: 'The parent department is disabled: enable it first',
  },
  dictImportUnreadable: {
    zh_CN: '无法读取该文件，请使用字典导入模板（xlsx）',
    en_US: 'The file cannot be read: use the dictionary import template (xlsx)',
  },
  dictImportEmpty: { zh_CN: '文件中没有字典数据', en_US: 'The file holds no dictionary items' },
  dictImportTooMany: { zh_CN: '一次最多导入 {max} 行', en_US: 'At most {max} rows per import' },
  dictImportNothingValid: {
    zh_CN: '文件中没有可导入的行，请按预览中的错误修改后重新上传',
    en_US: 'No row of the file can be imported: fix the errors shown in the preview and upload it again',
  },
  dictRowUnknownType: { zh_CN: '字典编号 {dictNo} 不存在', en_US: 'Dictionary {dictNo} does not exist' },
  dictRowMissingValue: { zh_CN: '缺少字典值', en_US: 'The value is missing' },
  dictRowMissingLabel: { zh_CN: '缺少中文名称', en_US: 'The Chinese label is missing' },
  dictRowMissingEnLabel: { zh_CN: '缺少英文名称', en_US: 'The English label is missing' },
  dictRowTooLong: { zh_CN: '{field}超过 {max} 个字符', en_US: '{field} is longer than {max} characters' },
  dictRowBadSort: {
    zh_CN: '排序须为 0 至 9999 的整数',
    en_US: 'The sort must be a whole number from 0 to 9999',
  },
  dictRowRepeatedValue: {
    zh_CN: '与第 {line} 行的字典值重复',
    en_US: 'The same value as row {line}',
  },
  dictRowUnsafeText: { zh_CN: '含有无法保存的字符', en_US: 'Holds characters that cannot be stored' },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    platformData: typeof PLATFORM_DATA_MESSAGES;
  }
}
