import type { Lang } from '@trialab/api-contract';

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
} as const satisfies Record<string, Record<Lang, string>>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projects: typeof PROJECT_MESSAGES;
  }
}
