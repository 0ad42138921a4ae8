// Demo form and plan templates (/platform/plan-temp-form, /platform/project-plan-template): three
// forms (the kick-off minutes in their second revision, the first retired), one published plan the
// demo's projects are built from and one draft, written through the module's repository.
import { type FormFieldInput, formFields, type PlanStage, planStages } from '@trialab/api-contract';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { insertFormTemplate, insertPlanTemplate } from '../modules/plan-templates/repository.js';
import { demoUser } from './lookups.js';

const l = (zh: string, en: string, hk = zh) => ({ 'zh-CN': zh, 'en-US': en, 'zh-HK': hk });

const KICKOFF: FormFieldInput[] = [
  { key: 'meetingDate', type: 'date', label: l('会议日期', 'Meeting date', '會議日期'), required: true },
  { key: 'venue', type: 'text', label: l('会议地点', 'Venue', '會議地點'), maxLength: 64 },
  { key: 'chair', type: 'user', label: l('主持人', 'Chair', '主持人'), required: true },
  {
    key: 'attendees',
    type: 'textarea',
    label: l('参会人员', 'Attendees', '參會人員'),
    required: true,
    maxLength: 500,
    help: l(
      '每行一位：姓名、单位、职务',
      'One per line: name, organisation, role',
      '每行一位：姓名、單位、職務',
    ),
  },
  {
    key: 'topics',
    type: 'multiSelect',
    label: l('议题', 'Topics', '議題'),
    required: true,
    options: [
      { value: 'protocol', label: l('方案培训', 'Protocol training', '方案培訓') },
      { value: 'sampling', label: l('样本采集与处理', 'Sample collection and handling', '樣本採集與處理') },
      { value: 'logistics', label: l('物流与交接', 'Logistics and hand-over', '物流與交接') },
      { value: 'data', label: l('数据与质疑', 'Data and queries', '數據與質疑') },
    ],
  },
  {
    key: 'minutes',
    type: 'textarea',
    label: l('会议纪要', 'Minutes', '會議紀要'),
    required: true,
    maxLength: 2000,
  },
  { key: 'signIn', type: 'file', label: l('签到表', 'Sign-in sheet', '簽到表'), maxFiles: 3 },
  {
    key: 'confirmed',
    type: 'checkbox',
    label: l('纪要已经与会各方确认', 'The minutes were confirmed by the attendees', '紀要已經與會各方確認'),
    required: true,
  },
];

const KIT_ISSUE: FormFieldInput[] = [
  {
    key: 'kitLot',
    type: 'text',
    label: l('试剂盒批号', 'Kit lot', '試劑盒批號'),
    required: true,
    maxLength: 20,
    pattern: {
      regex: '^[A-Z0-9-]{4,20}$',
      message: l(
        '批号为4至20位大写字母、数字或 -',
        'A lot is 4 to 20 capitals, digits or -',
        '批號為4至20位大寫字母、數字或 -',
      ),
    },
  },
  {
    key: 'kitCount',
    type: 'number',
    label: l('发放数量（盒）', 'Kits issued', '發放數量（盒）'),
    required: true,
    min: 1,
    max: 500,
  },
  { key: 'issueDate', type: 'date', label: l('发放日期', 'Issue date', '發放日期'), required: true },
  {
    key: 'transportTemp',
    type: 'select',
    label: l('运输温度', 'Transport temperature', '運輸溫度'),
    dictNo: 1007,
    required: true,
  },
  {
    key: 'receiver',
    type: 'text',
    label: l('中心接收人', 'Received by (site)', '中心接收人'),
    required: true,
    maxLength: 32,
  },
  { key: 'photos', type: 'file', label: l('到货照片', 'Photos on arrival', '到貨照片'), maxFiles: 5 },
  {
    key: 'intact',
    type: 'checkbox',
    label: l('外包装完好、数量无误', 'Packaging intact and count correct', '外包裝完好、數量無誤'),
    required: true,
  },
];

const DEVIATION: FormFieldInput[] = [
  {
    key: 'barcode',
    type: 'text',
    label: l('样本条码', 'Sample barcode', '樣本條碼'),
    required: true,
    pattern: {
      regex: '^[A-Za-z0-9-]{6,32}$',
      message: l(
        '条码为6至32位字母、数字或 -',
        'A barcode is 6 to 32 letters, digits or -',
        '條碼為6至32位字母、數字或 -',
      ),
    },
  },
  {
    key: 'deviationType',
    type: 'select',
    label: l('偏差类型', 'Deviation', '偏差類型'),
    dictNo: 1009,
    required: true,
  },
  {
    key: 'volumeMl',
    type: 'number',
    label: l('实收体积（mL）', 'Volume received (mL)', '實收體積（mL）'),
    min: 0,
    max: 50,
    precision: 1,
  },
  {
    key: 'description',
    type: 'textarea',
    label: l('偏差说明', 'Description', '偏差說明'),
    required: true,
    maxLength: 1000,
  },
  {
    key: 'impact',
    type: 'select',
    label: l('对检测的影响', 'Impact on testing', '對檢測的影響'),
    options: [
      { value: 'none', label: l('无影响', 'None', '無影響') },
      { value: 'retest', label: l('需复测', 'Re-test needed', '需複測') },
      { value: 'reject', label: l('拒收', 'Rejected', '拒收') },
    ],
  },
  { key: 'handledBy', type: 'user', label: l('处理人', 'Handled by', '處理人') },
];

type Task = PlanStage['tasks'][number];
type Refs = { role: (code: string) => number | null; form: (code: string) => number | null };
const task = (
  name: string,
  offsetDays: number,
  durationDays: number,
  more: Partial<Omit<Task, 'name' | 'offsetDays' | 'durationDays'>> = {},
): Task => ({
  name,
  offsetDays,
  durationDays,
  ownerRoleId: null,
  needsApproval: false,
  formTemplateId: null,
  ...more,
});

const standardPlan = ({ role, form }: Refs): PlanStage[] => [
  {
    name: '启动会',
    tasks: [
      task('启动会筹备', 0, 7, { ownerRoleId: role('project_manager') }),
      task('召开启动会并形成纪要', 7, 1, {
        ownerRoleId: role('project_manager'),
        needsApproval: true,
        formTemplateId: form('KICKOFF-MIN'),
      }),
    ],
  },
  {
    name: '试剂盒准备',
    tasks: [
      task('试剂盒组装与质检', 8, 10, { ownerRoleId: role('biobank_keeper') }),
      task('试剂盒发放到中心', 18, 5, {
        ownerRoleId: role('biobank_keeper'),
        needsApproval: true,
        formTemplateId: form('KIT-ISSUE'),
      }),
    ],
  },
  { name: '首例入组', tasks: [task('首例受试者入组确认', 30, 1, { ownerRoleId: role('project_manager') })] },
  {
    name: '样本接收',
    tasks: [
      task('首批样本接收与签收', 32, 3, { ownerRoleId: role('lab_technician') }),
      task('样本检测与结果审核', 35, 150, { ownerRoleId: role('reviewer') }),
    ],
  },
  {
    name: '数据锁定',
    tasks: [task('数据核查与锁库', 190, 14, { ownerRoleId: role('project_manager'), needsApproval: true })],
  },
  {
    name: '结题',
    tasks: [
      task('结题报告与样本处置', 205, 20, { ownerRoleId: role('project_manager'), needsApproval: true }),
    ],
  },
];

const biobankPlan = ({ role }: Refs): PlanStage[] => [
  { name: '启动会', tasks: [task('样本库启动沟通', 0, 3, { ownerRoleId: role('project_manager') })] },
  { name: '样本接收', tasks: [task('样本入库', 10, 60, { ownerRoleId: role('biobank_keeper') })] },
  { name: '样本处置', tasks: [] },
];

export async function seedPlanTemplatesDemo(tx: Transaction, now: Date): Promise<void> {
  const admin = await demoUser(tx, '13800000007');
  const by = admin?.id ?? null;
  const roleRows = await tx.select({ id: s.roles.id, code: s.roles.code }).from(s.roles);
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const base = { createdBy: by, updatedBy: by };

  const formIds = new Map<string, number>();
  const form = async (
    code: string,
    revision: number,
    name: string,
    status: 'draft' | 'published' | 'retired',
    fields: FormFieldInput[],
    age: number,
  ) => {
    const row = await insertFormTemplate(tx, {
      ...base,
      code,
      revision,
      name,
      status,
      fields: formFields.parse(fields),
      createdAt: daysAgo(age),
      updatedAt: daysAgo(age),
      publishedAt: status === 'draft' ? null : daysAgo(age),
    });
    if (status === 'published') formIds.set(code, row.id);
  };
  await form('KICKOFF-MIN', 1, '启动会纪要', 'retired', KICKOFF.slice(0, 6), 60);
  await form('KICKOFF-MIN', 2, '启动会纪要', 'published', KICKOFF, 40);
  await form('KIT-ISSUE', 1, '试剂盒发放确认', 'published', KIT_ISSUE, 38);
  await form('SAMPLE-DEV', 1, '样本接收偏差说明', 'draft', DEVIATION, 3);

  const refs: Refs = {
    role: (code) => roleRows.find((r) => r.code === code)?.id ?? null,
    form: (code) => formIds.get(code) ?? null,
  };
  await insertPlanTemplate(tx, {
    ...base,
    code: 'STD-TRIAL',
    revision: 1,
    name: '标准临床试验项目计划',
    description: '中心实验室检测类项目：启动会、试剂盒准备、首例入组、样本接收、数据锁定、结题',
    status: 'published',
    stages: planStages.parse(standardPlan(refs)),
    createdAt: daysAgo(35),
    updatedAt: daysAgo(35),
    publishedAt: daysAgo(35),
  });
  await insertPlanTemplate(tx, {
    ...base,
    code: 'BIOBANK',
    revision: 1,
    name: '样本库存储项目计划',
    description: '仅样本存储的项目（草稿）',
    status: 'draft',
    stages: planStages.parse(biobankPlan(refs)),
    createdAt: daysAgo(2),
    updatedAt: daysAgo(2),
  });
}
