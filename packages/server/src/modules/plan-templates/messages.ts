import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the form and plan templates (/platform/plan-temp-form, /platform/project-plan-template). */
export const PLAN_TEMPLATE_MESSAGES = {
  templateNotDraft: {
    zh_CN: '只能修改或发布草稿；已发布或已停用的版本不可修改，请新建版本',
    en_US: 'Only a draft can be edited or published; make a new version of a published or retired one',
    zh_HK: '只能修改或發布草稿；已發布或已停用的版本不可修改，請新建版本',
  },
  templateNotPublished: {
    zh_CN: '只能停用已发布的版本',
    en_US: 'Only a published version can be retired',
    zh_HK: '只能停用已發布的版本',
  },
  templateIsDraft: {
    zh_CN: '这已是草稿，请直接编辑',
    en_US: 'This is a draft already: edit it instead',
    zh_HK: '這已是草稿，請直接編輯',
  },
  templateDraftExists: {
    zh_CN: '该模板已有草稿（第{revision}版），请编辑该草稿',
    en_US: 'This template already has a draft (version {revision}): edit that draft',
    zh_HK: '該模板已有草稿（第{revision}版），請編輯該草稿',
  },
  formTemplateEmpty: {
    zh_CN: '表单至少需要一个字段才能发布',
    en_US: 'A form needs at least one field to be published',
    zh_HK: '表單至少需要一個字段才能發布',
  },
  planTemplateEmpty: {
    zh_CN: '计划至少需要一个阶段才能发布',
    en_US: 'A plan needs at least one stage to be published',
    zh_HK: '計劃至少需要一個階段才能發布',
  },
  planStageEmpty: {
    zh_CN: '阶段「{stage}」没有任务',
    en_US: 'Stage "{stage}" has no task',
    zh_HK: '階段「{stage}」沒有任務',
  },
  planStageNameTaken: {
    zh_CN: '阶段名称「{stage}」重复',
    en_US: 'The stage name "{stage}" is used twice',
    zh_HK: '階段名稱「{stage}」重複',
  },
  planStageOrder: {
    zh_CN:
      '阶段「{stage}」的开始（第{start}天）早于上一阶段「{previous}」的开始（第{previousStart}天），请调整阶段顺序或任务偏移',
    en_US:
      'Stage "{stage}" starts (day {start}) before the stage above it, "{previous}" (day {previousStart}): reorder the stages or change the offsets',
    zh_HK:
      '階段「{stage}」的開始（第{start}天）早於上一階段「{previous}」的開始（第{previousStart}天），請調整階段順序或任務偏移',
  },
  planFormNotPublished: {
    zh_CN: '任务「{task}」的表单须为已发布的表单模板',
    en_US: 'The form of task "{task}" must be a published form template',
    zh_HK: '任務「{task}」的表單須為已發布的表單模板',
  },
  planRoleUnknown: {
    zh_CN: '任务「{task}」的默认负责角色不存在',
    en_US: 'The default owner role of task "{task}" does not exist',
    zh_HK: '任務「{task}」的預設負責角色不存在',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    planTemplates: typeof PLAN_TEMPLATE_MESSAGES;
  }
}
