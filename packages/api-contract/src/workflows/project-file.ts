import type { MessageTexts } from '../codes.js';
import { defineWorkflow } from './machine.js';

/** The project record (/project/file, /project/create-file). */
export const PROJECT_FILE_PERMISSIONS = {
  page: 'project:file:page',
  view: 'project:file:view',
  add: 'project:file:add',
  edit: 'project:file:edit',
  status: 'project:file:status',
  delete: 'project:file:delete',
  import: 'project:file:import',
  export: 'project:file:export',
} as const;

/** Workflow states; the `projects.status` column stores their codes (1 to 4, in this order). */
export const PROJECT_STATES = ['prepare', 'ongoing', 'paused', 'closed'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** The stored status code of a state (1 = prepare … 4 = closed). */
export const projectStatusCode = (state: ProjectState): number => PROJECT_STATES.indexOf(state) + 1;
/** The state of a stored status code. */
export const projectStateOf = (code: number): ProjectState => PROJECT_STATES[code - 1] ?? 'prepare';

export const projectFileWorkflow = defineWorkflow({
  id: 'projectFile',
  states: PROJECT_STATES,
  initial: 'prepare',
  final: ['closed'],
  words: {
    prepare: { 'zh-CN': '筹备中', 'en-US': 'In preparation', 'zh-HK': '籌備中' },
    ongoing: { 'zh-CN': '进行中', 'en-US': 'Ongoing', 'zh-HK': '進行中' },
    paused: { 'zh-CN': '已暂停', 'en-US': 'Paused', 'zh-HK': '已暫停' },
    closed: { 'zh-CN': '已关闭', 'en-US': 'Closed', 'zh-HK': '已關閉' },
  },
  transitions: {
    start: {
      from: ['prepare'],
      to: 'ongoing',
      permission: PROJECT_FILE_PERMISSIONS.status,
      actor: 'any',
      signature: false,
    },
    pause: {
      from: ['ongoing'],
      to: 'paused',
      permission: PROJECT_FILE_PERMISSIONS.status,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
    resume: {
      from: ['paused'],
      to: 'ongoing',
      permission: PROJECT_FILE_PERMISSIONS.status,
      actor: 'any',
      signature: false,
    },
    close: {
      from: ['ongoing', 'paused'],
      to: 'closed',
      permission: PROJECT_FILE_PERMISSIONS.status,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type ProjectFileAction = keyof typeof projectFileWorkflow.transitions;
export const PROJECT_FILE_ACTIONS = Object.keys(projectFileWorkflow.transitions) as [
  ProjectFileAction,
  ...ProjectFileAction[],
];

/** Validation messages of the project record form (keys used in the zod schemas; both sides translate them). */
export const PROJECT_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.projectNo': {
    zh_CN: '项目编号须为1至32位字母、数字或 _ -',
    en_US: 'The project number must be 1 to 32 letters, digits, _ or -',
    zh_HK: '項目編號須為1至32位字母、數字或 _ -',
  },
};
