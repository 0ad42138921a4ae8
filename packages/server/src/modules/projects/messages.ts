import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the project record (/project/file, /project/create-file). */
export const PROJECT_MESSAGES = {
  projectValueTaken: {
    zh_CN: '{field}“{value}”已被项目 {other} 使用',
    en_US: 'The {field} "{value}" is already used by project {other}',
    zh_HK: '{field}「{value}」已被項目 {other} 使用',
  },
  projectRowRepeated: {
    zh_CN: '{what}“{value}”重复',
    en_US: 'The {what} "{value}" appears twice',
    zh_HK: '{what}「{value}」重複',
  },
  projectDatesOrder: {
    zh_CN: '结束日期不能早于开始日期',
    en_US: 'The end date cannot be before the start date',
    zh_HK: '結束日期不能早於開始日期',
  },
  projectManagerInvalid: {
    zh_CN: '所选项目经理不是可管理项目的内部员工',
    en_US: 'The chosen project manager is not a staff member who may manage projects',
    zh_HK: '所選項目經理不是可管理項目的內部員工',
  },
  projectBackupSame: {
    zh_CN: '备份项目经理不能与主项目经理相同',
    en_US: 'The backup project manager cannot be the primary one',
    zh_HK: '後備項目經理不能與主項目經理相同',
  },
  projectClosed: {
    zh_CN: '项目已关闭，不能修改',
    en_US: 'The project is closed and cannot be changed',
    zh_HK: '項目已關閉，不能修改',
  },
  projectNotDeletable: {
    zh_CN: '只能删除筹备中的项目',
    en_US: 'Only a project in preparation can be deleted',
    zh_HK: '只能刪除籌備中的項目',
  },
  projectInUse: {
    zh_CN: '项目已有{what}，不能删除',
    en_US: 'The project already has {what} and cannot be deleted',
    zh_HK: '項目已有{what}，不能刪除',
  },
  projectSiteInUse: {
    zh_CN: '中心 {centerNo} 已有{what}，不能移除',
    en_US: 'Site {centerNo} already has {what} and cannot be removed',
    zh_HK: '中心 {centerNo} 已有{what}，不能移除',
  },
  projectReasonRequired: {
    zh_CN: '请填写原因',
    en_US: 'Please give a reason',
    zh_HK: '請填寫原因',
  },
  projectCenterUnknown: {
    zh_CN: '研究中心不存在或已停用',
    en_US: 'The research centre does not exist or is disabled',
    zh_HK: '研究中心不存在或已停用',
  },
  projectImportUnreadable: {
    zh_CN: '无法读取该文件，请使用导入模板（xlsx）',
    en_US: 'The file cannot be read: use the import template (xlsx)',
    zh_HK: '無法讀取該文件，請使用匯入範本（xlsx）',
  },
  projectImportEmpty: {
    zh_CN: '文件中没有数据行',
    en_US: 'The file holds no rows',
    zh_HK: '文件中沒有數據行',
  },
  projectImportTooMany: {
    zh_CN: '一次最多导入 {max} 行',
    en_US: 'At most {max} rows per import',
    zh_HK: '一次最多匯入 {max} 行',
  },
  projectRowMissing: { zh_CN: '缺少{field}', en_US: '{field} is missing', zh_HK: '缺少{field}' },
  projectRowTooLong: {
    zh_CN: '{field}超过 {max} 个字符',
    en_US: '{field} is longer than {max} characters',
    zh_HK: '{field}超過 {max} 個字符',
  },
  projectRowRepeatedLine: {
    zh_CN: '{field}与第 {line} 行重复',
    en_US: 'The same {field} as row {line}',
    zh_HK: '{field}與第 {line} 行重複',
  },
  projectRowInRecord: {
    zh_CN: '{field}“{value}”已在项目档案中',
    en_US: 'The {field} "{value}" is already in the record',
    zh_HK: '{field}「{value}」已在項目檔案中',
  },
  projectRowUnknownCenter: {
    zh_CN: '研究中心“{value}”不存在或已停用',
    en_US: 'The research centre "{value}" does not exist or is disabled',
    zh_HK: '研究中心「{value}」不存在或已停用',
  },
  projectRowBadEmail: {
    zh_CN: '邮箱“{value}”格式不正确',
    en_US: 'The e-mail "{value}" is not valid',
    zh_HK: '郵箱「{value}」格式不正確',
  },
  projectRowBadPhone: {
    zh_CN: '电话“{value}”格式不正确（手机号或 区号-号码）',
    en_US: 'The phone "{value}" is not valid (a mobile number or area code-number)',
    zh_HK: '電話「{value}」格式不正確（手機號或 區號-號碼）',
  },
  projectRowUnsafeText: {
    zh_CN: '含有无法保存的字符',
    en_US: 'Holds characters that cannot be stored',
    zh_HK: '含有無法儲存的字符',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projects: typeof PROJECT_MESSAGES;
  }
}
