// Demo accounts and data (SEED_DEMO, on by default outside production). Printed by main.ts and
// listed in docs/operations.md; the launcher shows them.
import { BILL_PERMISSIONS, type SampleCategory } from '@trialab/api-contract';

/** Every demo account uses this password (it satisfies the SPEC policy). */
export const DEMO_PASSWORD = 'Trialab@2026';

export interface DemoRole {
  code: string;
  name: string;
  enName: string;
  /** Menu areas whose view, directory and button permissions the role gets. */
  areas: string[];
  /** Extra permission strings. */
  extra: string[];
  /** Permission prefixes left out of the areas (granted on their own). */
  except?: string[];
}

const LAB_QUERY_PERMISSIONS = [
  'project:question:page',
  'project:question:query',
  'project:question:create',
  'project:question:close',
  'project:question:reopen',
];

/** A destruction's authoriser from the project side (the PI's delegate): the bill's pages and review. */
const DESTROY_AUTHORISER = [
  'specimen:root:view',
  'specimen:manage:view',
  'specimen:manage-destroy-bill:page',
  'specimen:manage-destroy-bill-review:view',
  BILL_PERMISSIONS.destroyReview,
];
/** The reviewer checks outbound bills and authorises destructions as quality assurance. */
const BILL_REVIEWER = [
  ...DESTROY_AUTHORISER,
  'specimen:manage-out-warehouse-bill:page',
  'specimen:manage-out-warehouse-bill-review:view',
  BILL_PERMISSIONS.outReview,
];
const BILL_QA = BILL_PERMISSIONS.destroyQa;

/** What finance holds of marketing: every customer, quotation and contract seen; quotations reviewed. */
const MARKETING_FINANCE = [
  'marketing:root:view',
  'marketing:customer:view',
  'marketing:customer:page',
  'marketing:customer:all',
  'marketing:rate-card:view',
  'marketing:rate-card:page',
  'marketing:quotation:view',
  'marketing:quotation:page',
  'marketing:quotation:export',
  'marketing:quotation-review:view',
  'marketing:quotation-review:review',
  'marketing:contract:view',
  'marketing:contract:page',
];

/** What sales hold of finance: their own customers' billable events and receivables (docs/finance.md). */
const FINANCE_SALES = [
  'financial:root:view',
  'financial:bills:view',
  'financial:bills:page',
  // Their customers' payments, balances, aging, burn-down and unbilled work (read-only).
  'financial:receivables:view',
  'financial:receivables:page',
];

export const DEMO_ROLES: DemoRole[] = [
  {
    code: 'lab_technician',
    name: '实验员',
    enName: 'Lab technician',
    areas: ['home', 'laboratory', 'express', 'electronic-record', 'personal'],
    // The bench raises and follows queries at /laboratory/before-analysis/question with the
    // project area's query permissions (one set of actions for both query screens).
    extra: ['system:user:list', ...LAB_QUERY_PERMISSIONS],
  },
  {
    code: 'reviewer',
    name: '审核员',
    enName: 'Reviewer',
    areas: ['home', 'laboratory', 'report-manage', 'electronic-record', 'personal'],
    extra: ['system:user:list', 'system:log:page', 'system:operation:page', ...BILL_REVIEWER, BILL_QA],
  },
  {
    code: 'project_manager',
    name: '项目经理',
    enName: 'Project manager',
    areas: ['home', 'project', 'report-manage', 'personal'],
    extra: ['system:user:list', ...DESTROY_AUTHORISER],
  },
  {
    code: 'biobank_keeper',
    name: '样本库管理员',
    enName: 'Biobank keeper',
    areas: ['home', 'specimen', 'supply', 'personal'],
    extra: ['system:user:list'],
  },
  {
    code: 'finance',
    name: '财务',
    enName: 'Finance',
    areas: ['home', 'financial', 'personal'],
    // Finance sees every customer, quotation and contract and reviews quotations (docs/finance.md).
    extra: ['system:user:list', ...MARKETING_FINANCE],
  },
  {
    code: 'sales',
    name: '销售',
    enName: 'Sales',
    areas: ['home', 'marketing', 'personal'],
    extra: ['system:user:list', ...FINANCE_SALES],
    // Sales see their own customers; a quotation is reviewed by someone else.
    except: ['marketing:quotation-review:', 'marketing:customer:all', 'marketing:rate-card:update'],
  },
  {
    code: 'platform_admin',
    name: '平台管理员',
    enName: 'Platform administrator',
    areas: ['home', 'platform', 'system', 'personal'],
    extra: ['system:user:list'],
  },
  // The inventory unblinding results are granted on their own, never with the ordinary site role.
  {
    code: 'external_site',
    name: '中心用户',
    enName: 'Site user',
    areas: ['web', 'personal'],
    extra: [],
    except: ['web:personal-report:'],
  },
  {
    code: 'external_unblinding',
    name: '揭盲结果查看',
    enName: 'Unblinding results viewer',
    areas: [],
    extra: ['web:root:view', 'web:personal-report:view', 'web:personal-report:page'],
  },
];

export interface DemoUser {
  username: string;
  mobile: string;
  email: string;
  jobNumber: string | null;
  type: 1 | 2;
  roles: string[];
  isSuper?: boolean;
  /** Forces the first-login password change (to show that flow). */
  mustChangePassword?: boolean;
  /** Project numbers (internal) or project number -> centre numbers (external). */
  projects?: string[];
  sites?: Record<string, string[]>;
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: '超级管理员',
    mobile: '13800000000',
    email: 'admin@trialab.local',
    jobNumber: 'KM0001',
    type: 1,
    roles: [],
    isSuper: true,
  },
  {
    username: '李实验',
    mobile: '13800000001',
    email: 'lab@trialab.local',
    jobNumber: 'KM0101',
    type: 1,
    roles: ['lab_technician'],
    projects: ['KM-2026-001', 'KM-2026-002', 'KM-2026-003'],
  },
  {
    username: '王审核',
    mobile: '13800000002',
    email: 'reviewer@trialab.local',
    jobNumber: 'KM0102',
    type: 1,
    roles: ['reviewer'],
    projects: ['KM-2026-001', 'KM-2026-002'],
  },
  {
    username: '张项目',
    mobile: '13800000003',
    email: 'pm@trialab.local',
    jobNumber: 'KM0201',
    type: 1,
    roles: ['project_manager'],
    projects: ['KM-2026-001', 'KM-2026-002'],
  },
  {
    username: '赵样本',
    mobile: '13800000004',
    email: 'biobank@trialab.local',
    jobNumber: 'KM0301',
    type: 1,
    roles: ['biobank_keeper'],
    projects: ['KM-2026-001', 'KM-2026-002', 'KM-2026-003'],
  },
  {
    username: '钱财务',
    mobile: '13800000005',
    email: 'finance@trialab.local',
    jobNumber: 'KM0401',
    type: 1,
    roles: ['finance'],
    projects: ['KM-2026-001'],
  },
  {
    username: '孙销售',
    mobile: '13800000006',
    email: 'sales@trialab.local',
    jobNumber: 'KM0501',
    type: 1,
    roles: ['sales'],
    projects: ['KM-2026-001', 'KM-2026-002'],
  },
  {
    username: '周平台',
    mobile: '13800000007',
    email: 'platform@trialab.local',
    jobNumber: 'KM0601',
    type: 1,
    roles: ['platform_admin'],
    projects: ['KM-2026-001'],
  },
  {
    username: '吴新人',
    mobile: '13800000009',
    email: 'newstaff@trialab.local',
    jobNumber: 'KM0901',
    type: 1,
    roles: ['lab_technician'],
    mustChangePassword: true,
    projects: ['KM-2026-001'],
  },
  {
    username: '陈中心',
    mobile: '13900000001',
    email: 'site01@hospital.example',
    jobNumber: null,
    type: 2,
    roles: ['external_site'],
    sites: { 'KM-2026-001': ['01'] },
  },
  {
    username: '林中心',
    mobile: '13900000002',
    email: 'site02@hospital.example',
    jobNumber: null,
    type: 2,
    roles: ['external_site'],
    sites: { 'KM-2026-002': ['01', '02'] },
  },
];

export const DEMO_PROJECTS = [
  {
    projectNo: 'KM-2026-001',
    name: '肿瘤生物标志物研究',
    enName: 'Oncology biomarker study',
    sponsor: '华康制药',
  },
  {
    projectNo: 'KM-2026-002',
    name: '疫苗免疫原性研究',
    enName: 'Vaccine immunogenicity study',
    sponsor: '安生生物',
  },
  {
    projectNo: 'KM-2026-003',
    name: '糖尿病新药II期临床',
    enName: 'Diabetes drug phase II trial',
    sponsor: '瑞和医药',
  },
];

export const DEMO_SITES: Array<[string, string, string]> = [
  ['KM-2026-001', '01', '北京协和医院'],
  ['KM-2026-001', '02', '上海瑞金医院'],
  ['KM-2026-002', '01', '广州中山医院'],
  ['KM-2026-002', '02', '四川华西医院'],
  ['KM-2026-003', '01', '浙江大学附属第一医院'],
];

/** [name, English name] of the demo plans' visits. */
export const DEMO_VISITS: Array<[string, string]> = [
  ['筛选期 V0', 'Screening V0'],
  ['基线 V1', 'Baseline V1'],
  ['第4周 V2', 'Week 4 V2'],
  ['第12周 V3', 'Week 12 V3'],
  ['随访 V4', 'Follow-up V4'],
];

/** [code, name, English name, category, default container (dictionary 1024), storage condition (by name)]. */
export const DEMO_SAMPLE_TYPES: Array<[string, string, string, SampleCategory, string, string]> = [
  ['WB', '全血', 'Whole blood', 'blood', 'EDTA-2', '冷藏'],
  ['SER', '血清', 'Serum', 'blood', 'CRYO-1.8', '深低温'],
  ['PLA', '血浆', 'Plasma', 'blood', 'CRYO-1.8', '深低温'],
  ['URI', '尿液', 'Urine', 'bodyFluid', 'URINE-10', '冷冻'],
  ['TIS', '组织', 'Tissue', 'tissue', 'FFPE', '常温'],
];

/** [code, name, English name, min °C, max °C, for transport, for storage]. */
export const DEMO_TEMPERATURES: Array<
  [string, string, string, number | null, number | null, boolean, boolean]
> = [
  ['RT', '常温', 'Ambient', 15, 25, true, true],
  ['2-8C', '冷藏', 'Refrigerated', 2, 8, true, true],
  ['-20C', '冷冻', 'Frozen', -25, -15, true, true],
  ['-80C', '深低温', 'Deep frozen', null, -60, true, true],
  ['LN2', '液氮', 'Liquid nitrogen', null, -150, false, true],
];

export const DEMO_TEST_ITEMS: Array<[string, string, string]> = [
  ['CBC', '血常规', 'Complete blood count'],
  ['LFT', '肝功能', 'Liver function'],
  ['RFT', '肾功能', 'Renal function'],
  ['LIPID', '血脂', 'Lipid panel'],
  ['HBA1C', '糖化血红蛋白', 'HbA1c'],
];
