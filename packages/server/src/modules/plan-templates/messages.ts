import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the form and plan templates (/platform/plan-temp-form, /platform/project-plan-template). */
export const PLAN_TEMPLATE_MESSAGES = {
  templateNotDraft: {
    zh_CN: '只能修改或发布草稿；已发布或已停用的版本不可修改，请新建版本',
    en_US: 'Only a draft can be edited or published; make a new version of a published or retired one',
  },
  templateNotPublished: { zh_CN: '只能停用已发布的版本', en_US: 'Only a published version can be retired' },
  templateIsDraft: {
    zh_CN: '这已是草稿，请直接编辑',
    en_US: 'This is a draft already: edit it instead',
  },
  templateDraftExists: {
    zh_CN: '该模板已有草稿（第{revision}版），请编辑该草稿',
    en_US: 'This template already has a draft (version {revision}): edit that draft',
  },
  formTemplateEmpty: {
    zh_CN: '表单至少需要一个字段才能发布',
    en_US: 'A form needs at least one field to be published',
  },
  planTemplateEmpty: {
    zh_CN: '计划至少需要一个阶段才能发布',
    en_US: 'A plan needs at least one stage to be published',
  },
  planStageEmpty: {
    zh_CN: '阶段「{stage}」没有任务',
    en_US: 'Stage "{stage}" has no task',
  },
  planStageNameTaken: {
    zh_CN: '阶段名称「{stage}」重复',
    en_US: 'The stage name "{stage}" is used twice',
  },
  planStageOrder: {
    zh_CN:
      '阶段「{stage}」的开始（第{start}天）早于上一阶段「{previous}」的开始（第{previousStart}天），请调整阶段顺序或任务偏移',
    en_US:
      'Stage "{stage}" starts (day {start}) before the stage above it, "{previous}" (day {previousStart}): reorder the stages or change the offsets',
  },
  planFormNotPublished: {
    zh_CN: '任务「{task}」的表单须为已发布的表单模板',
    en_US: 'The form of task "{task}" must be a published form template',
  },
  planRoleUnknown: {
    zh_CN: '任务「{task}」的默认负责角色不存在',
    en_US: 'The default owner role of task "{task}" does not exist',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    planTemplates: typeof PLAN_TEMPLATE_MESSAGES;
  }
}
