import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the project progress plans and tasks (/project/progress/*). */
export const PROGRESS_MESSAGES = {
  progressTemplateNotPublished: {
    zh_CN: '只能从已发布的计划模板创建项目计划',
    en_US: 'A project plan can only be made from a published plan template',
    zh_HK: '只能從已發布的計劃模板建立項目計劃',
  },
  progressPlanNotEditable: {
    zh_CN: '只能调整草稿或已退回的计划',
    en_US: 'Only a draft or returned plan can be adjusted',
    zh_HK: '只能調整草稿或已退回的計劃',
  },
  progressTaskUnknown: {
    zh_CN: '任务 {id} 不属于该计划',
    en_US: 'Task {id} is not a task of this plan',
    zh_HK: '任務 {id} 不屬於該計劃',
  },
  progressDueBeforeStart: {
    zh_CN: '任务「{task}」的截止日期早于开始日期',
    en_US: 'Task "{task}" is due before it starts',
    zh_HK: '任務「{task}」的截止日期早於開始日期',
  },
  progressOwnerNotStaff: {
    zh_CN: '任务「{task}」的负责人不是该项目的内部人员',
    en_US: 'The owner of task "{task}" is not staff of this project',
    zh_HK: '任務「{task}」的負責人不是該項目的內部人員',
  },
  progressOwnerMissing: {
    zh_CN: '任务「{task}」还没有负责人',
    en_US: 'Task "{task}" has no owner yet',
    zh_HK: '任務「{task}」還沒有負責人',
  },
  progressPlanNotApproved: {
    zh_CN: '计划审批通过后才能开始任务',
    en_US: 'Tasks can be worked on once their plan is approved',
    zh_HK: '計劃審批通過後才能開始任務',
  },
  progressFormInvalid: {
    zh_CN: '表单字段「{field}」填写有误（{code}）',
    en_US: 'The form field "{field}" is not filled in correctly ({code})',
    zh_HK: '表單字段「{field}」填寫有誤（{code}）',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    progress: typeof PROGRESS_MESSAGES;
  }
}
