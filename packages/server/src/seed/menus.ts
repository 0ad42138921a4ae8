// The menu and route tree of SPEC section 2, as seed data. Names in CN, EN and HK plus an i18n key
// (`menu.<path segments>`); the console should translate the key and fall back to the names.
// Flags: H = hidden from the menu (invisible), NC = not cached.

export interface MenuSeed {
  segment: string;
  zh: string;
  en: string;
  hk: string;
  hidden?: boolean;
  notCache?: boolean;
  icon?: string;
  children?: MenuSeed[];
}

type Flag = 'H' | 'NC';
/** [segment, zh, en, hk, flags?, children?] */
type Row = [string, string, string, string, Flag[]?, Row[]?];

const TREE: Row[] = [
  [
    'home',
    '首页',
    'Home',
    '首頁',
    [],
    [
      ['todo', '待办事项', 'To-do', '待辦事項'],
      ['todo-task', '待办任务', 'To-do tasks', '待辦任務'],
    ],
  ],
  [
    'marketing',
    '市场管理',
    'Marketing',
    '市場管理',
    [],
    [
      ['customer', '客户管理', 'Customers', '客戶管理'],
      // Not in SPEC's route table: the price lists quotations copy from (docs/finance.md).
      ['rate-card', '价目表', 'Rate cards', '價目表'],
      ['create-quotation', '新建报价', 'New quotation', '新建報價', ['H']],
      ['quotation', '报价管理', 'Quotations', '報價管理'],
      ['quotation-review', '报价审核', 'Quotation review', '報價審核', ['NC']],
      ['contract', '合同管理', 'Contracts', '合同管理'],
    ],
  ],
  [
    'project',
    '项目管理',
    'Projects',
    '項目管理',
    [],
    [
      ['file', '项目档案', 'Project files', '項目檔案'],
      ['create-file', '新建项目', 'New project', '新建項目', ['H']],
      ['create-plan', '新建方案', 'New plan', '新建方案', ['H']],
      ['plan', '项目方案', 'Plans', '項目方案'],
      ['plan-detail', '方案详情', 'Plan detail', '方案詳情', ['H']],
      ['plan-review', '方案审核', 'Plan review', '方案審核'],
      ['reconciliation', '应收实收对账', 'Reconciliation', '應收實收對賬'],
      [
        'progress',
        '项目进度',
        'Progress',
        '項目進度',
        [],
        [
          ['project-plan', '项目计划', 'Project plans', '項目計劃'],
          ['project-plan-form', '项目计划表单', 'Project plan form', '項目計劃表單', ['H']],
          ['edit-project-plan-form', '编辑项目计划', 'Edit project plan', '編輯項目計劃', ['H']],
          ['project-plan-form-detail', '项目计划详情', 'Project plan detail', '項目計劃詳情', ['H']],
          ['plan-approve', '计划审批', 'Plan approval', '計劃審批'],
          ['plan-approve-form', '计划审批表单', 'Plan approval form', '計劃審批表單', ['H']],
          ['task-doing', '进行中任务', 'Tasks in progress', '進行中任務'],
        ],
      ],
      ['report-review', '报告审核', 'Report review', '報告審核'],
      ['manual-report', '手工报告', 'Manual reports', '手工報告'],
      ['question', '质疑管理', 'Queries', '質疑管理'],
      ['feedback', '质疑反馈', 'Query feedback', '質疑反饋', ['H', 'NC']],
      ['test-project-config', '检测项目配置', 'Test item configuration', '檢測項目配置', ['H']],
      ['barcode-disabled', '条码禁用', 'Disabled barcodes', '條碼禁用'],
      ['item-log', '项目日志', 'Project log', '項目日誌'],
      ['user-apply-audit', '账号申请审核', 'Account request review', '賬號申請審核'],
      ['user-apply', '账号申请', 'Account requests', '賬號申請'],
      ['apply-account', '申请账号', 'Request an account', '申請賬號', ['H', 'NC']],
    ],
  ],
  [
    'laboratory',
    '实验室',
    'Laboratory',
    '實驗室',
    [],
    [
      ['test-project', '检测项目', 'Test items', '檢測項目'],
      ['test-create', '新建检测项目', 'New test item', '新建檢測項目', ['H']],
      [
        'before-analysis',
        '分析前',
        'Pre-analysis',
        '分析前',
        [],
        [
          ['specimen-staging', '样本暂存', 'Specimen staging', '樣本暫存'],
          ['specimen-inside', '样本入库', 'Specimen check-in', '樣本入庫', ['H', 'NC']],
          ['specimen-outside', '样本出库', 'Specimen check-out', '樣本出庫', ['H', 'NC']],
          ['specimen-sign', '样本签收', 'Sample sign-for', '樣本簽收'],
          ['register-sample-code', '样本编码登记', 'Register sample codes', '樣本編碼登記', ['NC']],
          ['input-test-project', '录入检测项目', 'Enter test items', '錄入檢測項目'],
          ['batch-enter-test-items', '批量录入检测项目', 'Batch-enter test items', '批量錄入檢測項目'],
          ['test-project-review', '检测项目审核', 'Test item review', '檢測項目審核'],
          ['manage-sub-barcode', '子条码管理', 'Sub-barcodes', '子條碼管理', ['NC']],
          ['input-subject', '录入受试者', 'Enter subjects', '錄入受試者', ['NC']],
          ['subject-review', '受试者审核', 'Subject review', '受試者審核', ['NC']],
          ['question', '质疑管理', 'Queries', '質疑管理'],
          ['day-todo', '当日待办', "Today's to-do", '當日待辦'],
          ['feedback', '质疑反馈', 'Query feedback', '質疑反饋', ['H', 'NC']],
        ],
      ],
      [
        'after-analysis',
        '分析后',
        'Post-analysis',
        '分析後',
        [],
        [
          ['report-monitor', '报告监控', 'Report monitor', '報告監控'],
          ['report-list', '报告列表', 'Reports', '報告列表'],
          ['report-modify', '报告修改', 'Report revisions', '報告修改'],
          ['new-report-modify', '新建报告修改', 'New report revision', '新建報告修改', ['H']],
          ['edit-report-modify', '编辑报告修改', 'Edit report revision', '編輯報告修改', ['H']],
          ['report-modify-review', '报告修改审核', 'Report revision review', '報告修改審核'],
          ['exception-report', '异常报告', 'Exception reports', '異常報告'],
        ],
      ],
      ['specimen-logger', '样本日志', 'Specimen log', '樣本日誌'],
      ['tech-library', '技术库', 'Technical library', '技術庫'],
    ],
  ],
  [
    'specimen',
    '样本库',
    'Specimen library',
    '樣本庫',
    [],
    [
      ['specimen-history', '待接收样本', 'Samples awaiting receipt', '待接收樣本'],
      ['specimen-expired', '过期样本', 'Expired samples', '過期樣本'],
      [
        'manage',
        '样本管理',
        'Sample management',
        '樣本管理',
        [],
        [
          ['sample-list', '样本列表', 'Samples', '樣本列表'],
          ['batch-edit-sample', '批量编辑样本', 'Batch-edit samples', '批量編輯樣本', ['H', 'NC']],
          ['out-warehouse-bill', '出库单', 'Outbound bills', '出庫單'],
          ['create-out', '新建出库单', 'New outbound bill', '新建出庫單', ['H', 'NC']],
          ['create-batch-out', '批量出库', 'Batch outbound', '批量出庫', ['H', 'NC']],
          ['out-warehouse-bill-review', '出库单审核', 'Outbound bill review', '出庫單審核'],
          ['out-warehouse-bill-confirm', '出库单确认', 'Outbound bill confirmation', '出庫單確認'],
          ['create-pre', '新建前处理', 'New pre-processing', '新建前處理', ['H']],
          ['create-post', '新建后处理', 'New post-processing', '新建後處理', ['H']],
          ['create-backup', '新建备份', 'New backup', '新建備份', ['H']],
          ['destroy-bill', '销毁单', 'Destruction bills', '銷毀單'],
          ['create-destroy', '新建销毁单', 'New destruction bill', '新建銷毀單', ['H']],
          ['batch-create-destroy', '批量销毁', 'Batch destruction', '批量銷毀', ['H']],
          ['destroy-bill-review', '销毁单审核', 'Destruction bill review', '銷毀單審核'],
          ['destroy-bill-confirm', '销毁单确认', 'Destruction bill confirmation', '銷毀單確認'],
          ['specimen-move', '样本移位', 'Move samples', '樣本移位'],
        ],
      ],
      ['specimen-log-manage', '样本日志管理', 'Sample logs', '樣本日誌管理'],
      [
        'container-manage',
        '容器管理',
        'Containers',
        '容器管理',
        [],
        [
          ['specimen-library-map', '样本库地图', 'Library map', '樣本庫地圖'],
          ['room-manage', '房间管理', 'Rooms', '房間管理'],
          ['device-manage', '冰箱管理', 'Freezers', '冰箱管理'],
          ['frozen-type-manage', '冻存架类型', 'Rack types', '凍存架類型'],
          ['frozen-manage', '冻存架管理', 'Racks', '凍存架管理'],
          ['frozen-box-type-manage', '冻存盒类型', 'Box types', '凍存盒類型'],
          ['frozen-box-manage', '冻存盒管理', 'Boxes', '凍存盒管理'],
          ['frozen-box-move', '冻存盒移位', 'Move boxes', '凍存盒移位'],
        ],
      ],
    ],
  ],
  [
    'supply',
    '供应与耗材',
    'Supply',
    '供應與耗材',
    [],
    [
      ['supplier', '供应商', 'Suppliers', '供應商'],
      ['consum-material', '耗材管理', 'Consumables', '耗材管理'],
      ['consum-material-apply', '耗材申请', 'Consumable requests', '耗材申請'],
      ['consum-cost-manage', '耗材成本', 'Consumable costs', '耗材成本'],
      ['consum-barcode-list', '耗材条码', 'Consumable barcodes', '耗材條碼'],
      // Not in SPEC's route table: label templates and print jobs (docs/supply.md "Labels").
      ['label-template', '标签模板', 'Label templates', '標籤範本'],
      ['label-print-job', '标签打印记录', 'Label print jobs', '標籤打印記錄'],
    ],
  ],
  [
    'express',
    '物流管理',
    'Logistics',
    '物流管理',
    [],
    [
      ['mail', '寄送管理', 'Shipments', '寄送管理'],
      ['sign', '样本接收', 'Sample receipt', '樣本接收'],
      ['unconventional', '非常规费用', 'Non-routine fees', '非常規費用'],
      ['edit-check', '编辑核对', 'Edit check', '編輯核對', ['H', 'NC']],
    ],
  ],
  [
    'financial',
    '财务管理',
    'Finance',
    '財務管理',
    [],
    [
      ['bills', '账单', 'Bills', '賬單'],
      ['final-statement-detail', '结算单详情', 'Statement detail', '結算單詳情', ['H']],
      ['review-final-statement', '结算单审核', 'Statement review', '結算單審核'],
      ['confirm-final-statement', '结算单确认', 'Statement confirmation', '結算單確認'],
      ['adjustment-final-statement', '结算单调整', 'Statement adjustments', '結算單調整'],
      ['review-adjustment', '调整审核', 'Adjustment review', '調整審核'],
      // Not in SPEC's route table: payments, balances and aging, burn-down, unbilled work (docs/finance.md).
      ['receivables', '应收账款', 'Receivables', '應收賬款'],
    ],
  ],
  [
    'web',
    '客户自助',
    'Self-service',
    '客戶自助',
    [],
    [
      ['quick', '快捷导航', 'Quick start', '快捷導航'],
      ['consum-material-apply', '耗材申请', 'Consumable requests', '耗材申請', ['NC']],
      ['create-apply', '新建耗材申请', 'New consumable request', '新建耗材申請', ['H']],
      ['reserve-check', '样本寄送预约', 'Shipment bookings', '樣本寄送預約', ['NC']],
      ['create-check', '新建寄送预约', 'New shipment booking', '新建寄送預約', ['H']],
      ['report-search', '报告查询', 'Report search', '報告查詢'],
      ['reconciliation', '样本对账', 'Sample reconciliation', '樣本對賬'],
      ['question', '质疑答复', 'Clarification queries', '質疑答覆'],
      ['question-details', '质疑详情', 'Query detail', '質疑詳情', ['H']],
      ['consumables-audit', '耗材审核', 'Consumable review', '耗材審核'],
      ['receipt-check', '套件供应确认', 'Kit supply confirmation', '套件供應確認'],
      ['inspection-form', '送检单', 'Inspection forms', '送檢單'],
      ['sample-transport-report', '样本运输明细', 'Sample transport detail', '樣本運輸明細'],
      ['consumables-apply-report', '耗材明细', 'Consumables detail', '耗材明細'],
      ['result-report', '结果列表', 'Results', '結果列表'],
      ['personal-report', '库存揭盲结果', 'Inventory unblinding results', '庫存揭盲結果'],
      ['user-apply', '账号申请', 'Account requests', '賬號申請'],
      ['apply-account', '申请账号', 'Request an account', '申請賬號', ['H']],
      [
        'shared-doc',
        '共享文档',
        'Shared documents',
        '共享文檔',
        [],
        [
          ['original-log', '原始记录', 'Original records', '原始記錄'],
          ['public-log', '公共记录', 'Public records', '公共記錄'],
        ],
      ],
    ],
  ],
  [
    'electronic-record',
    '电子记录',
    'Electronic records',
    '電子記錄',
    [],
    [
      ['original-record', '原始记录', 'Original records', '原始記錄'],
      ['public-record', '公共记录', 'Public records', '公共記錄'],
    ],
  ],
  [
    'report-manage',
    '报表管理',
    'Reports',
    '報表管理',
    [],
    [
      [
        'lab',
        '实验室报表',
        'Laboratory',
        '實驗室報表',
        [],
        [
          ['query-barcode', '条码查询', 'Barcode search', '條碼查詢'],
          ['barcode-stat', '条码统计', 'Barcode statistics', '條碼統計'],
          ['result-report', '结果报表', 'Result report', '結果報表'],
        ],
      ],
      [
        'project',
        '项目报表',
        'Projects',
        '項目報表',
        [],
        [
          ['project-overview', '项目概览', 'Project overview', '項目概覽'],
          ['testitem-overview', '检测项目概览', 'Test item overview', '檢測項目概覽'],
        ],
      ],
      [
        'sample',
        '样本报表',
        'Samples',
        '樣本報表',
        [],
        [
          ['sample-out-detail', '样本出库明细', 'Outbound detail', '樣本出庫明細'],
          ['sample-in-detail', '样本入库明细', 'Inbound detail', '樣本入庫明細'],
        ],
      ],
    ],
  ],
  [
    'platform',
    '平台管理',
    'Platform',
    '平台管理',
    [],
    [
      ['research-center', '研究中心', 'Research centres', '研究中心'],
      ['sample-type', '样本类型', 'Sample types', '樣本類型'],
      ['temperature', '温度条件', 'Temperature conditions', '溫度條件'],
      ['out-warehouse', '出库配置', 'Outbound settings', '出庫配置'],
      ['role', '角色管理', 'Roles', '角色管理'],
      ['create-role', '新建角色', 'New role', '新建角色', ['H']],
      ['dept', '部门管理', 'Departments', '部門管理'],
      ['account', '账号管理', 'Accounts', '賬號管理'],
      ['internal-permission', '内部权限', 'Internal permissions', '內部權限'],
      ['external-permission', '外部权限', 'External permissions', '外部權限'],
      ['dict', '字典管理', 'Dictionaries', '字典管理'],
      ['mapping-table', '映射表', 'Mapping tables', '映射表'],
      ['project-plan-template', '项目计划模板', 'Project plan templates', '項目計劃模板'],
      ['plan-temp-form', '计划模板表单', 'Plan template forms', '計劃模板表單'],
      ['edit-plan-temp-form', '编辑计划模板表单', 'Edit plan template form', '編輯計劃模板表單'],
      ['plan-temp-form-detail', '计划模板表单详情', 'Plan template form detail', '計劃模板表單詳情', ['H']],
    ],
  ],
  [
    'system',
    '系统管理',
    'System',
    '系統管理',
    [],
    [
      ['log', '登录日志', 'Login log', '登錄日誌'],
      [
        'operation',
        '操作日志',
        'Operations',
        '操作日誌',
        [],
        [['log', '操作日志', 'Operation log', '操作日誌']],
      ],
      ['system-info', '系统信息', 'System information', '系統信息'],
    ],
  ],
  [
    'personal',
    '个人中心',
    'Personal',
    '個人中心',
    [],
    [
      ['account', '个人中心', 'My account', '個人中心'],
      ['address', '常用地址', 'Addresses', '常用地址'],
    ],
  ],
];

const ICONS: Record<string, string> = {
  home: 'HomeOutlined',
  marketing: 'ShopOutlined',
  project: 'ProjectOutlined',
  laboratory: 'ExperimentOutlined',
  specimen: 'DatabaseOutlined',
  supply: 'InboxOutlined',
  express: 'CarOutlined',
  financial: 'AccountBookOutlined',
  web: 'GlobalOutlined',
  'electronic-record': 'FileProtectOutlined',
  'report-manage': 'BarChartOutlined',
  platform: 'AppstoreOutlined',
  system: 'SettingOutlined',
  personal: 'UserOutlined',
};

function toSeed(row: Row): MenuSeed {
  const [segment, zh, en, hk, flags = [], children] = row;
  return {
    segment,
    zh,
    en,
    hk,
    ...(flags.includes('H') ? { hidden: true } : {}),
    ...(flags.includes('NC') ? { notCache: true } : {}),
    ...(ICONS[segment] && children ? { icon: ICONS[segment] } : {}),
    ...(children ? { children: children.map(toSeed) } : {}),
  };
}

export const MENU_TREE: MenuSeed[] = TREE.map(toSeed);

export interface FlatMenu {
  key: string;
  parentKey: string | null;
  type: 1 | 2;
  fullPath: string;
  segment: string;
  /** `<area>:<page>:view`, e.g. `platform:account:view`; areas are the top-level segments. */
  authority: string;
  zh: string;
  en: string;
  hk: string;
  icon: string | null;
  hidden: boolean;
  notCache: boolean;
  sort: number;
}

/**
 * Pages opened from another page carry that page's view authority (whoever may open the list may
 * open what it links to); their actions are gated by the list's button permissions. The plan
 * review queue is such a view of the plan list: it lists with the plan list's endpoint, and only
 * the plan's review permission approves or returns (one permission to grant, not two).
 */
const OPENED_FROM: Record<string, string> = {
  '/project/plan-review': 'project:plan:view',
  // The reconciliation reads the plans' endpoint (`plan.reconciliation`): whoever sees plans sees it.
  '/project/reconciliation': 'project:plan:view',
  '/platform/edit-plan-temp-form': 'platform:plan-temp-form:view',
  '/platform/plan-temp-form-detail': 'platform:plan-temp-form:view',
  // The label pages print and list the barcode list's codes with its permissions
  // (`supply:consum-barcode-list:*`, docs/supply.md "Labels"): whoever sees that list sees them.
  '/supply/label-template': 'supply:consum-barcode-list:view',
  '/supply/label-print-job': 'supply:consum-barcode-list:view',
};

/** Depth-first flattening with i18n keys (`menu.platform.account`) and view authorities. */
export function flattenMenus(tree: MenuSeed[] = MENU_TREE): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (nodes: MenuSeed[], parents: string[], parentKey: string | null) => {
    nodes.forEach((node, index) => {
      const segments = [...parents, node.segment];
      const key = `menu.${segments.join('.')}`;
      const area = segments[0] ?? node.segment;
      const page = segments.length === 1 ? 'root' : segments.slice(1).join('-');
      out.push({
        key,
        parentKey,
        type: node.children ? 1 : 2,
        fullPath: `/${segments.join('/')}`,
        segment: node.segment,
        authority: OPENED_FROM[`/${segments.join('/')}`] ?? `${area}:${page}:view`,
        zh: node.zh,
        en: node.en,
        hk: node.hk,
        icon: node.icon ?? null,
        hidden: node.hidden ?? false,
        notCache: node.notCache ?? false,
        sort: index,
      });
      if (node.children) walk(node.children, segments, key);
    });
  };
  walk(tree, [], null);
  return out;
}
