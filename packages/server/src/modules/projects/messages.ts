import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the project record (/project/file, /project/create-file). */
export const PROJECT_MESSAGES = {
  projectValueTaken: {
    zh_CN: '{field}“{value}”已被项目 {other} 使用',
    en_US: 'The {field} "{value}" is already used by project {other}',
  },
  projectRowRepeated: {
    zh_CN: '{what}“{value}”重复',
    en_US: 'The {what} "{value}" appears twice',
  },
  projectDatesOrder: {
    zh_CN: '结束日期不能早于开始日期',
    en_US: 'The end date cannot be before the start date',
  },
  projectManagerInvalid: {
    zh_CN: '所选项目经理不是可管理项目的内部员工',
    en_US: 'The chosen project manager is not a staff member who may manage projects',
  },
  projectBackupSame: {
    zh_CN: '备份项目经理不能与主项目经理相同',
    en_US: 'The backup project manager cannot be the primary one',
  },
  projectClosed: {
    zh_CN: '项目已关闭，不能修改',
    en_US: 'The project is closed and cannot be changed',
  },
  projectNotDeletable: {
    zh_CN: '只能删除筹备中的项目',
    en_US: 'Only a project in preparation can be deleted',
  },
  projectInUse: {
    zh_CN: '项目已有{what}，不能删除',
    en_US: 'The project already has {what} and cannot be deleted',
  },
  projectSiteInUse: {
    zh_CN: '中心 {centerNo} 已有{what}，不能移除',
    en_US: 'Site {centerNo} already has {what} and cannot be removed',
  },
  projectReasonRequired: {
    zh_CN: '请填写原因',
    en_US: 'Please give a reason',
  },
  projectCenterUnknown: {
    zh_CN: '研究中心不存在或已停用',
    en_US: 'The research centre does not exist or is disabled',
  },
  projectImportUnreadable: {
    zh_CN: '无法读取该文件，请使用导入模板（xlsx）',
    en_US: 'The file cannot be read: use the import template (xlsx)',
  },
  projectImportEmpty: { zh_CN: '文件中没有数据行', en_US: 'The file holds no rows' },
  projectImportTooMany: { zh_CN: '一次最多导入 {max} 行', en_US: 'At most {max} rows per import' },
  projectRowMissing: { zh_CN: '缺少{field}', en_US: '{field} is missing' },
  projectRowTooLong: { zh_CN: '{field}超过 {max} 个字符', en_US: '{field} is longer than {max} characters' },
  projectRowRepeatedLine: {
    zh_CN: '{field}与第 {line} 行重复',
    en_US: 'The same {field} as row {line}',
  },
  projectRowInRecord: {
    zh_CN: '{field}“{value}”已在项目档案中',
    en_US: 'The {field} "{value}" is already in the record',
  },
  projectRowUnknownCenter: {
    zh_CN: '研究中心“{value}”不存在或已停用',
    en_US: 'The research centre "{value}" does not exist or is disabled',
  },
  projectRowBadEmail: { zh_CN: '邮箱“{value}”格式不正确', en_US: 'The e-mail "{value}" is not valid' },
  projectRowBadPhone: {
    zh_CN: '电话“{value}”格式不正确（手机号或 区号-号码）',
    en_US: 'The phone "{value}" is not valid (a mobile number or area code-number)',
  },
  projectRowUnsafeText: { zh_CN: '含有无法保存的字符', en_US: 'Holds characters that cannot be stored' },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projects: typeof PROJECT_MESSAGES;
  }
}
