import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the project progress plans and tasks (/project/progress/*). */
export const PROGRESS_MESSAGES = {
  progressTemplateNotPublished: {
    zh_CN: '只能从已发布的计划模板创建项目计划',
    en_US: 'A project plan can only be made from a published plan template',
  },
  progressPlanNotEditable: {
    zh_CN: '只能调整草稿或已退回的计划',
    en_US: 'Only a draft or returned plan can be adjusted',
  },
  progressTaskUnknown: {
    zh_CN: '任务 {id} 不属于该计划',
    en_US: 'Task {id} is not a task of this plan',
  },
  progressDueBeforeStart: {
    zh_CN: '任务「{task}」的截止日期早于开始日期',
    en_US: 'Task "{task}" is due before it starts',
  },
  progressOwnerNotStaff: {
    zh_CN: '任务「{task}」的负责人不是该项目的内部人员',
    en_US: 'The owner of task "{task}" is not staff of this project',
  },
  progressOwnerMissing: {
    zh_CN: '任务「{task}」还没有负责人',
    en_US: 'Task "{task}" has no owner yet',
  },
  progressPlanNotApproved: {
    zh_CN: '计划审批通过后才能开始任务',
    en_US: 'Tasks can be worked on once their plan is approved',
  },
  progressFormInvalid: {
    zh_CN: '表单字段「{field}」填写有误（{code}）',
    en_US: 'The form field "{field}" is not filled in correctly ({code})',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    progress: typeof PROGRESS_MESSAGES;
  }
}
