// The audit trail in words: every object (table or area) and verb an audit action id is made of
// (`<object>.<verb>`: `user.create`, `sampleShipment.cancel`), and the fields its values carry, in
// the console's three languages. The operation log, the project item log and their exports read
// these; a test checks every action and object that can be audited is named here.

import { changeText } from './audit-diff.js';
import { AUDIT_FIELDS, AUDIT_OBJECT_FIELDS, type Words } from './audit-field-words.js';
import { wordIn } from './form-fields.js';
import { stateWord, workflowById } from './workflows/machine.js';

export { AUDIT_FIELDS, AUDIT_OBJECT_FIELDS, hasAuditWords } from './audit-field-words.js';

/** The objects: action ids' first part (endpoint groups, workflow ids) and the entities recorded. */
export const AUDIT_OBJECTS = {
  supply: { 'zh-CN': '供应与耗材', 'en-US': 'Supply', 'zh-HK': '供應與耗材' },
  supplyConsumable: { 'zh-CN': '耗材', 'en-US': 'Consumable', 'zh-HK': '耗材' },
  supplyKit: { 'zh-CN': '耗材套件', 'en-US': 'Kit', 'zh-HK': '耗材套件' },
  supplyLot: { 'zh-CN': '耗材批次', 'en-US': 'Consumable lot', 'zh-HK': '耗材批次' },
  supplyMovement: { 'zh-CN': '库存流水', 'en-US': 'Stock movement', 'zh-HK': '庫存流水' },
  supplyStocktake: { 'zh-CN': '盘点', 'en-US': 'Stocktake', 'zh-HK': '盤點' },
  supplySettings: { 'zh-CN': '供应设置', 'en-US': 'Supply settings', 'zh-HK': '供應設定' },
  supplier: { 'zh-CN': '供应商', 'en-US': 'Supplier', 'zh-HK': '供應商' },
  library: { 'zh-CN': '样本库', 'en-US': 'Specimen library', 'zh-HK': '樣本庫' },
  storageRoom: { 'zh-CN': '样本库房间', 'en-US': 'Library room', 'zh-HK': '樣本庫房間' },
  storageUnit: { 'zh-CN': '存储设备', 'en-US': 'Storage unit', 'zh-HK': '存儲設備' },
  storageRackType: { 'zh-CN': '冻存架类型', 'en-US': 'Rack type', 'zh-HK': '凍存架類型' },
  storageBoxType: { 'zh-CN': '冻存盒类型', 'en-US': 'Box type', 'zh-HK': '凍存盒類型' },
  storageRack: { 'zh-CN': '冻存架', 'en-US': 'Rack', 'zh-HK': '凍存架' },
  storageBox: { 'zh-CN': '冻存盒', 'en-US': 'Box', 'zh-HK': '凍存盒' },
  storageUnitTask: { 'zh-CN': '设备维护任务', 'en-US': 'Unit maintenance task', 'zh-HK': '設備維護任務' },
  libraryMaintenance: { 'zh-CN': '设备维护', 'en-US': 'Unit maintenance', 'zh-HK': '設備維護' },
  unitMaintenance: { 'zh-CN': '设备维护任务', 'en-US': 'Unit maintenance task', 'zh-HK': '設備維護任務' },
  storageReservation: { 'zh-CN': '库位预留', 'en-US': 'Position reservation', 'zh-HK': '庫位預留' },
  libraryBills: { 'zh-CN': '样本单据', 'en-US': 'Specimen bills', 'zh-HK': '樣本單據' },
  librarySamples: { 'zh-CN': '样本库样本', 'en-US': 'Library specimens', 'zh-HK': '樣本庫樣本' },
  libraryRetention: { 'zh-CN': '样本保存期', 'en-US': 'Specimen retention', 'zh-HK': '樣本保存期' },
  retentionRule: { 'zh-CN': '样本保存规则', 'en-US': 'Retention rule', 'zh-HK': '樣本保存規則' },
  retentionExtension: { 'zh-CN': '延长保存', 'en-US': 'Retention extension', 'zh-HK': '延長保存' },
  libraryHolds: { 'zh-CN': '样本标记', 'en-US': 'Specimen flags', 'zh-HK': '樣本標記' },
  libraryBatchEdit: { 'zh-CN': '批量编辑样本', 'en-US': 'Batch edit of specimens', 'zh-HK': '批量編輯樣本' },
  sampleUsers: { 'zh-CN': '样本经手人', 'en-US': 'Sample handlers', 'zh-HK': '樣本經手人' },
  libraryHold: {
    'zh-CN': '法律保全或撤回知情同意',
    'en-US': 'Legal hold or consent withdrawal',
    'zh-HK': '法律保全或撤回知情同意',
  },
  libraryMoves: { 'zh-CN': '样本移位申请', 'en-US': 'Move request', 'zh-HK': '樣本移位申請' },
  specimenMove: { 'zh-CN': '样本移位申请', 'en-US': 'Move request', 'zh-HK': '樣本移位申請' },
  outboundBill: { 'zh-CN': '出库单', 'en-US': 'Outbound bill', 'zh-HK': '出庫單' },
  destroyBill: { 'zh-CN': '销毁单', 'en-US': 'Destruction bill', 'zh-HK': '銷毀單' },
  specimenBill: { 'zh-CN': '样本单据', 'en-US': 'Specimen bill', 'zh-HK': '樣本單據' },
  libraryCustody: { 'zh-CN': '交接身份核验', 'en-US': 'Custody identity check', 'zh-HK': '交接身份核驗' },
  libraryRecipient: { 'zh-CN': '授权接收人', 'en-US': 'Authorised recipient', 'zh-HK': '授權接收人' },
  libraryCustodyCheck: {
    'zh-CN': '交接身份核验记录',
    'en-US': 'Custody identity record',
    'zh-HK': '交接身份核驗記錄',
  },
  libraryCustodySettings: { 'zh-CN': '交接核验设置', 'en-US': 'Custody settings', 'zh-HK': '交接核驗設定' },
  accountApplication: { 'zh-CN': '账号申请', 'en-US': 'Account request', 'zh-HK': '賬號申請' },
  address: { 'zh-CN': '地址簿', 'en-US': 'Address book', 'zh-HK': '地址簿' },
  auth: { 'zh-CN': '登录', 'en-US': 'Sign-in', 'zh-HK': '登入' },
  captcha: { 'zh-CN': '滑块验证', 'en-US': 'Slide puzzle', 'zh-HK': '滑塊驗證' },
  chargebackNotice: { 'zh-CN': '非常规费用通知', 'en-US': 'Chargeback notice', 'zh-HK': '非常規費用通知' },
  chargebackStaff: { 'zh-CN': '扣款通知', 'en-US': 'Chargeback notice', 'zh-HK': '扣款通知' },
  clarification: { 'zh-CN': '澄清问题', 'en-US': 'Clarification query', 'zh-HK': '澄清問題' },
  clarificationQuery: { 'zh-CN': '质疑', 'en-US': 'Clarification query', 'zh-HK': '質疑' },
  codeMapping: { 'zh-CN': '编码映射', 'en-US': 'Code mapping', 'zh-HK': '編碼映射' },
  codeMappings: { 'zh-CN': '编码映射', 'en-US': 'Code mapping', 'zh-HK': '編碼映射' },
  consumable: { 'zh-CN': '耗材申请', 'en-US': 'Consumable request', 'zh-HK': '耗材申請' },
  consumableOrder: { 'zh-CN': '耗材申请', 'en-US': 'Consumable request', 'zh-HK': '耗材申請' },
  database: { 'zh-CN': '数据库', 'en-US': 'Database', 'zh-HK': '數據庫' },
  dept: { 'zh-CN': '部门', 'en-US': 'Department', 'zh-HK': '部門' },
  dict: { 'zh-CN': '字典', 'en-US': 'Dictionary', 'zh-HK': '字典' },
  dictData: { 'zh-CN': '字典项', 'en-US': 'Dictionary entry', 'zh-HK': '字典項' },
  file: { 'zh-CN': '文件', 'en-US': 'File', 'zh-HK': '文件' },
  formTemplate: { 'zh-CN': '表单模板', 'en-US': 'Form template', 'zh-HK': '表單模板' },
  formTemplates: { 'zh-CN': '表单模板', 'en-US': 'Form template', 'zh-HK': '表單模板' },
  kitSupply: { 'zh-CN': '套件供应', 'en-US': 'Kit supply', 'zh-HK': '套件供應' },
  labFeedback: { 'zh-CN': '质疑反馈', 'en-US': 'Query feedback', 'zh-HK': '質疑反饋' },
  labQuery: { 'zh-CN': '实验室质疑', 'en-US': 'Lab query', 'zh-HK': '實驗室質疑' },
  labReport: { 'zh-CN': '检测报告', 'en-US': 'Lab report', 'zh-HK': '檢測報告' },
  loginCode: { 'zh-CN': '登录验证码', 'en-US': 'Login code', 'zh-HK': '登入驗證碼' },
  manualReports: { 'zh-CN': '手工报告', 'en-US': 'Manual report', 'zh-HK': '手工報告' },
  personal: { 'zh-CN': '个人中心', 'en-US': 'My account', 'zh-HK': '個人中心' },
  plan: { 'zh-CN': '采样与检测方案', 'en-US': 'Sampling and testing plan', 'zh-HK': '採樣與檢測方案' },
  planTemplate: { 'zh-CN': '计划模板', 'en-US': 'Plan template', 'zh-HK': '計劃模板' },
  planTemplates: { 'zh-CN': '计划模板', 'en-US': 'Plan template', 'zh-HK': '計劃模板' },
  portalReport: { 'zh-CN': '中心报告', 'en-US': 'Site report', 'zh-HK': '中心報告' },
  progress: { 'zh-CN': '项目进度计划', 'en-US': 'Progress plan', 'zh-HK': '項目進度計劃' },
  progressPlan: { 'zh-CN': '项目进度计划', 'en-US': 'Progress plan', 'zh-HK': '項目進度計劃' },
  progressTask: { 'zh-CN': '进度任务', 'en-US': 'Progress task', 'zh-HK': '進度任務' },
  project: { 'zh-CN': '项目档案', 'en-US': 'Project record', 'zh-HK': '項目檔案' },
  projectFile: { 'zh-CN': '项目档案', 'en-US': 'Project record', 'zh-HK': '項目檔案' },
  projectPlan: { 'zh-CN': '采样与检测方案', 'en-US': 'Sampling and testing plan', 'zh-HK': '採樣與檢測方案' },
  projectPlanKit: { 'zh-CN': '方案套件', 'en-US': 'Plan kit', 'zh-HK': '方案套件' },
  projectReport: { 'zh-CN': '项目报告', 'en-US': 'Project report', 'zh-HK': '項目報告' },
  projectReports: { 'zh-CN': '项目报告审核', 'en-US': 'Project report review', 'zh-HK': '項目報告審核' },
  projectTestItem: { 'zh-CN': '项目参考范围', 'en-US': 'Project reference range', 'zh-HK': '項目參考範圍' },
  projectTestItems: { 'zh-CN': '项目参考范围', 'en-US': 'Project reference range', 'zh-HK': '項目參考範圍' },
  receipt: { 'zh-CN': '样本接收', 'en-US': 'Sample receipt', 'zh-HK': '樣本接收' },
  rejectionNotice: { 'zh-CN': '拒收通知', 'en-US': 'Rejection notice', 'zh-HK': '拒收通知' },
  report: { 'zh-CN': '检验报告', 'en-US': 'Report', 'zh-HK': '檢驗報告' },
  reportRevision: { 'zh-CN': '报告修改', 'en-US': 'Report revision', 'zh-HK': '報告修改' },
  researchCenter: { 'zh-CN': '研究中心', 'en-US': 'Research centre', 'zh-HK': '研究中心' },
  researchCenterContact: {
    'zh-CN': '研究中心联系人',
    'en-US': 'Research centre contact',
    'zh-HK': '研究中心聯絡人',
  },
  role: { 'zh-CN': '角色', 'en-US': 'Role', 'zh-HK': '角色' },
  sampleCode: { 'zh-CN': '样本条码', 'en-US': 'Sample barcode', 'zh-HK': '樣本條碼' },
  sampleReceipt: { 'zh-CN': '样本接收', 'en-US': 'Sample receipt', 'zh-HK': '樣本接收' },
  sampleShipment: { 'zh-CN': '样本寄送', 'en-US': 'Sample shipment', 'zh-HK': '樣本寄送' },
  sampleStorage: { 'zh-CN': '样本存储', 'en-US': 'Sample storage', 'zh-HK': '樣本存儲' },
  sampleTransport: { 'zh-CN': '样本运输', 'en-US': 'Sample shipment', 'zh-HK': '樣本運輸' },
  shipmentCorrection: {
    'zh-CN': '运输预约更正',
    'en-US': 'Shipment booking correction',
    'zh-HK': '運輸預約更正',
  },
  sampleType: { 'zh-CN': '样本类型', 'en-US': 'Sample type', 'zh-HK': '樣本類型' },
  sampleTypes: { 'zh-CN': '样本类型', 'en-US': 'Sample type', 'zh-HK': '樣本類型' },
  seed: { 'zh-CN': '初始数据', 'en-US': 'Initial data', 'zh-HK': '初始數據' },
  session: { 'zh-CN': '登录会话', 'en-US': 'Session', 'zh-HK': '登入會話' },
  sharedDocOriginal: { 'zh-CN': '原始文件', 'en-US': 'Source document', 'zh-HK': '原始文件' },
  sharedDocPublic: { 'zh-CN': '公共文件', 'en-US': 'Public document', 'zh-HK': '公共文件' },
  'sharedDocument.original': { 'zh-CN': '原始文件', 'en-US': 'Source document', 'zh-HK': '原始文件' },
  'sharedDocument.public': { 'zh-CN': '公共文件', 'en-US': 'Public document', 'zh-HK': '公共文件' },
  sharedDocument: { 'zh-CN': '共享文件', 'en-US': 'Shared document', 'zh-HK': '共享文件' },
  specimenBarcode: { 'zh-CN': '样本签收', 'en-US': 'Sample sign-for', 'zh-HK': '樣本簽收' },
  specimenSign: { 'zh-CN': '样本签收', 'en-US': 'Sample sign-for', 'zh-HK': '樣本簽收' },
  stockOutType: { 'zh-CN': '出库类型', 'en-US': 'Stock-out type', 'zh-HK': '出庫類型' },
  stockOutTypes: { 'zh-CN': '出库类型', 'en-US': 'Stock-out type', 'zh-HK': '出庫類型' },
  subBarcode: { 'zh-CN': '分装条码', 'en-US': 'Aliquot barcode', 'zh-HK': '分裝條碼' },
  subject: { 'zh-CN': '受试者', 'en-US': 'Subject', 'zh-HK': '受試者' },
  subjectRegistration: { 'zh-CN': '受试者登记', 'en-US': 'Subject registration', 'zh-HK': '受試者登記' },
  system: { 'zh-CN': '系统', 'en-US': 'System', 'zh-HK': '系統' },
  tableHead: { 'zh-CN': '表格列设置', 'en-US': 'Table columns', 'zh-HK': '表格列設置' },
  temperature: { 'zh-CN': '温度条件', 'en-US': 'Temperature condition', 'zh-HK': '溫度條件' },
  temperatures: { 'zh-CN': '温度条件', 'en-US': 'Temperature condition', 'zh-HK': '溫度條件' },
  tempStorage: { 'zh-CN': '暂存', 'en-US': 'Temporary storage', 'zh-HK': '暫存' },
  tempStorageContainer: { 'zh-CN': '暂存容器', 'en-US': 'Storage container', 'zh-HK': '暫存容器' },
  tempStorageDevice: { 'zh-CN': '暂存设备', 'en-US': 'Storage device', 'zh-HK': '暫存設備' },
  testItem: { 'zh-CN': '检测项目', 'en-US': 'Test item', 'zh-HK': '檢測項目' },
  testItems: { 'zh-CN': '检测项目', 'en-US': 'Test item', 'zh-HK': '檢測項目' },
  testOrder: { 'zh-CN': '检测项目申请', 'en-US': 'Test order', 'zh-HK': '檢測項目申請' },
  unblindingReport: { 'zh-CN': '揭盲结果', 'en-US': 'Unblinding result', 'zh-HK': '揭盲結果' },
  user: { 'zh-CN': '用户', 'en-US': 'User', 'zh-HK': '用戶' },
  userProject: { 'zh-CN': '项目授权', 'en-US': 'Project grant', 'zh-HK': '項目授權' },
  visitPoint: { 'zh-CN': '访视点', 'en-US': 'Visit', 'zh-HK': '訪視點' },
  voidedBarcode: { 'zh-CN': '作废条码', 'en-US': 'Voided barcode', 'zh-HK': '作廢條碼' },
  voidedBarcodes: { 'zh-CN': '作废条码', 'en-US': 'Voided barcode', 'zh-HK': '作廢條碼' },
  supplyBarcodes: { 'zh-CN': '耗材条码', 'en-US': 'Consumable barcodes', 'zh-HK': '耗材條碼' },
  supplyBarcode: { 'zh-CN': '耗材条码', 'en-US': 'Consumable barcode', 'zh-HK': '耗材條碼' },
  supplyBarcodeRange: { 'zh-CN': '条码号段', 'en-US': 'Barcode range', 'zh-HK': '條碼號段' },
  receiptBarcode: { 'zh-CN': '接收扫码', 'en-US': 'Receipt scan', 'zh-HK': '接收掃碼' },
  labels: { 'zh-CN': '标签', 'en-US': 'Labels', 'zh-HK': '標籤' },
  labelTemplates: { 'zh-CN': '标签模板', 'en-US': 'Label templates', 'zh-HK': '標籤範本' },
  labelTemplate: { 'zh-CN': '标签模板', 'en-US': 'Label template', 'zh-HK': '標籤範本' },
  labelPrinter: { 'zh-CN': '标签打印机', 'en-US': 'Label printer', 'zh-HK': '標籤打印機' },
  labelPrintJob: { 'zh-CN': '标签打印任务', 'en-US': 'Label print job', 'zh-HK': '標籤打印任務' },
  customer: { 'zh-CN': '客户', 'en-US': 'Customer', 'zh-HK': '客戶' },
  rateCard: { 'zh-CN': '价目表', 'en-US': 'Rate card', 'zh-HK': '價目表' },
  discountLimit: { 'zh-CN': '折扣权限', 'en-US': 'Discount limit', 'zh-HK': '折扣權限' },
  quotation: { 'zh-CN': '报价单', 'en-US': 'Quotation', 'zh-HK': '報價單' },
  contract: { 'zh-CN': '合同', 'en-US': 'Contract', 'zh-HK': '合同' },
  reportManage: { 'zh-CN': '报表', 'en-US': 'Reports', 'zh-HK': '報表' },
  reportExport: { 'zh-CN': '报表导出', 'en-US': 'Report export', 'zh-HK': '報表匯出' },
  bills: { 'zh-CN': '账单', 'en-US': 'Bills', 'zh-HK': '賬單' },
  billableEvent: { 'zh-CN': '计费事件', 'en-US': 'Billable event', 'zh-HK': '計費事件' },
  statement: { 'zh-CN': '结算单', 'en-US': 'Statement', 'zh-HK': '結算單' },
  adjustment: { 'zh-CN': '结算单调整', 'en-US': 'Statement adjustment', 'zh-HK': '結算單調整' },
  receivables: { 'zh-CN': '应收账款', 'en-US': 'Receivables', 'zh-HK': '應收賬款' },
  payment: { 'zh-CN': '收款', 'en-US': 'Payment', 'zh-HK': '收款' },
  allocation: { 'zh-CN': '收款核销', 'en-US': 'Payment allocation', 'zh-HK': '收款核銷' },
} as const satisfies Record<string, Words>;

/** The verbs: action ids' last part (endpoint keys, workflow actions, events). */
export const AUDIT_VERBS = {
  consumableCreate: { 'zh-CN': '新增耗材', 'en-US': 'add a consumable', 'zh-HK': '新增耗材' },
  consumableUpdate: { 'zh-CN': '编辑耗材', 'en-US': 'edit a consumable', 'zh-HK': '編輯耗材' },
  kitCreate: { 'zh-CN': '新增套件', 'en-US': 'add a kit', 'zh-HK': '新增套件' },
  kitUpdate: { 'zh-CN': '编辑套件', 'en-US': 'edit a kit', 'zh-HK': '編輯套件' },
  stockIn: { 'zh-CN': '批次入库', 'en-US': 'receive a lot', 'zh-HK': '批次入庫' },
  status: { 'zh-CN': '停用/恢复', 'en-US': 'block or make active', 'zh-HK': '停用/恢復' },
  stockMove: { 'zh-CN': '库存变动', 'en-US': 'move stock', 'zh-HK': '庫存變動' },
  stocktakeCreate: { 'zh-CN': '登记盘点', 'en-US': 'record a stocktake', 'zh-HK': '登記盤點' },
  stocktakeReview: { 'zh-CN': '审核盘点', 'en-US': 'review a stocktake', 'zh-HK': '審核盤點' },
  userHead: { 'zh-CN': '保存报表列', 'en-US': 'save report columns', 'zh-HK': '儲存報表列' },
  excel: { 'zh-CN': '导出报表', 'en-US': 'export a report', 'zh-HK': '匯出報表' },
  resultReportDownload: {
    'zh-CN': '下载报表导出',
    'en-US': 'download a report export',
    'zh-HK': '下載報表匯出',
  },
  resultReportCancel: { 'zh-CN': '取消报表导出', 'en-US': 'cancel a report export', 'zh-HK': '取消報表匯出' },
  exportFinished: { 'zh-CN': '报表导出完成', 'en-US': 'report export finished', 'zh-HK': '報表匯出完成' },
  outboundCreate: { 'zh-CN': '新建出库单', 'en-US': 'create an outbound bill', 'zh-HK': '新建出庫單' },
  outboundSubmit: { 'zh-CN': '提交出库单', 'en-US': 'submit an outbound bill', 'zh-HK': '提交出庫單' },
  outboundCancel: { 'zh-CN': '取消出库单', 'en-US': 'cancel an outbound bill', 'zh-HK': '取消出庫單' },
  outboundReview: { 'zh-CN': '审核出库单', 'en-US': 'review an outbound bill', 'zh-HK': '審核出庫單' },
  outboundScan: { 'zh-CN': '出库扫描', 'en-US': 'scan for an outbound bill', 'zh-HK': '出庫掃描' },
  outboundReconcile: {
    'zh-CN': '处理出库差异',
    'en-US': 'settle an outbound difference',
    'zh-HK': '處理出庫差異',
  },
  outboundConfirm: { 'zh-CN': '确认出库', 'en-US': 'confirm an outbound bill', 'zh-HK': '確認出庫' },
  outboundReturn: { 'zh-CN': '样本归还', 'en-US': 'return specimens', 'zh-HK': '樣本歸還' },
  destroyCreate: { 'zh-CN': '新建销毁单', 'en-US': 'create a destruction bill', 'zh-HK': '新建銷毀單' },
  destroySubmit: { 'zh-CN': '提交销毁单', 'en-US': 'submit a destruction bill', 'zh-HK': '提交銷毀單' },
  destroyCancel: { 'zh-CN': '取消销毁单', 'en-US': 'cancel a destruction bill', 'zh-HK': '取消銷毀單' },
  destroyReview: { 'zh-CN': '授权销毁', 'en-US': 'authorise a destruction', 'zh-HK': '授權銷毀' },
  destroyScan: { 'zh-CN': '销毁扫描', 'en-US': 'scan for a destruction', 'zh-HK': '銷毀掃描' },
  destroyReconcile: {
    'zh-CN': '处理销毁差异',
    'en-US': 'settle a destruction difference',
    'zh-HK': '處理銷毀差異',
  },
  destroyConfirm: { 'zh-CN': '确认销毁', 'en-US': 'confirm a destruction', 'zh-HK': '確認銷毀' },
  scanImport: { 'zh-CN': '导入扫描文件', 'en-US': 'import a rack-scanner file', 'zh-HK': '導入掃描文件' },
  ruleCreate: { 'zh-CN': '新增保存规则', 'en-US': 'add a retention rule', 'zh-HK': '新增保存規則' },
  ruleUpdate: { 'zh-CN': '修改保存规则', 'en-US': 'change a retention rule', 'zh-HK': '修改保存規則' },
  ruleRemove: { 'zh-CN': '删除保存规则', 'en-US': 'remove a retention rule', 'zh-HK': '刪除保存規則' },
  extend: { 'zh-CN': '延长样本保存期', 'en-US': 'keep specimens longer', 'zh-HK': '延長樣本保存期' },
  taskCreate: { 'zh-CN': '计划维护任务', 'en-US': 'plan a maintenance task', 'zh-HK': '計劃維護任務' },
  taskUpdate: { 'zh-CN': '调整维护任务', 'en-US': 'reschedule a maintenance task', 'zh-HK': '調整維護任務' },
  taskComplete: {
    'zh-CN': '完成维护任务',
    'en-US': 'record a maintenance task done',
    'zh-HK': '完成維護任務',
  },
  taskRemove: { 'zh-CN': '删除维护任务', 'en-US': 'drop a maintenance task', 'zh-HK': '刪除維護任務' },
  completeEarly: { 'zh-CN': '提前完成', 'en-US': 'complete early', 'zh-HK': '提前完成' },
  roomCreate: { 'zh-CN': '新增房间', 'en-US': 'add a room', 'zh-HK': '新增房間' },
  scan: { 'zh-CN': '扫码核对', 'en-US': 'scan', 'zh-HK': '掃碼核對' },
  reconcile: { 'zh-CN': '处理差异', 'en-US': 'settle differences', 'zh-HK': '處理差異' },
  authorise: { 'zh-CN': '审批', 'en-US': 'authorise', 'zh-HK': '審批' },
  roomUpdate: { 'zh-CN': '编辑房间', 'en-US': 'edit a room', 'zh-HK': '編輯房間' },
  unitCreate: { 'zh-CN': '新增存储设备', 'en-US': 'add a storage unit', 'zh-HK': '新增存儲設備' },
  unitUpdate: { 'zh-CN': '编辑存储设备', 'en-US': 'edit a storage unit', 'zh-HK': '編輯存儲設備' },
  rackTypeCreate: { 'zh-CN': '新增冻存架类型', 'en-US': 'add a rack type', 'zh-HK': '新增凍存架類型' },
  rackTypeUpdate: { 'zh-CN': '编辑冻存架类型', 'en-US': 'edit a rack type', 'zh-HK': '編輯凍存架類型' },
  boxTypeCreate: { 'zh-CN': '新增冻存盒类型', 'en-US': 'add a box type', 'zh-HK': '新增凍存盒類型' },
  boxTypeUpdate: { 'zh-CN': '编辑冻存盒类型', 'en-US': 'edit a box type', 'zh-HK': '編輯凍存盒類型' },
  rackCreate: { 'zh-CN': '新增冻存架', 'en-US': 'add a rack', 'zh-HK': '新增凍存架' },
  boxCreate: { 'zh-CN': '新增冻存盒', 'en-US': 'add a box', 'zh-HK': '新增凍存盒' },
  boxResize: { 'zh-CN': '修改冻存盒规格', 'en-US': 'resize a box', 'zh-HK': '修改凍存盒規格' },
  boxMove: { 'zh-CN': '冻存盒移位', 'en-US': 'move a box', 'zh-HK': '凍存盒移位' },
  restrict: { 'zh-CN': '设置存放限制', 'en-US': 'set restrictions', 'zh-HK': '設置存放限制' },
  place: { 'zh-CN': '样本入库', 'en-US': 'place specimens', 'zh-HK': '樣本入庫' },
  allocate: { 'zh-CN': '自动分配库位', 'en-US': 'allocate positions', 'zh-HK': '自動分配庫位' },
  commit: { 'zh-CN': '确认分配', 'en-US': 'commit an allocation', 'zh-HK': '確認分配' },
  editRevision: { 'zh-CN': '编辑修改申请', 'en-US': 'edit the revision request', 'zh-HK': '編輯修改申請' },
  evacuate: { 'zh-CN': '计划设备转移', 'en-US': 'plan an evacuation', 'zh-HK': '計劃設備轉移' },
  execute: { 'zh-CN': '执行', 'en-US': 'carry out', 'zh-HK': '執行' },
  move: { 'zh-CN': '样本移位', 'en-US': 'move specimens', 'zh-HK': '樣本移位' },
  block: { 'zh-CN': '锁定库位', 'en-US': 'block a position', 'zh-HK': '鎖定庫位' },
  unblock: { 'zh-CN': '解锁库位', 'en-US': 'unblock a position', 'zh-HK': '解鎖庫位' },
  acknowledge: { 'zh-CN': '确认', 'en-US': 'acknowledge', 'zh-HK': '確認' },
  addContact: { 'zh-CN': '新增联系人', 'en-US': 'add a contact', 'zh-HK': '新增聯絡人' },
  admin: { 'zh-CN': '初始管理员', 'en-US': 'first administrator', 'zh-HK': '初始管理員' },
  approve: { 'zh-CN': '审核通过', 'en-US': 'approve', 'zh-HK': '審核通過' },
  approveRevision: { 'zh-CN': '批准修改', 'en-US': 'approve the revision', 'zh-HK': '批准修改' },
  approveTask: { 'zh-CN': '通过任务', 'en-US': 'approve a task', 'zh-HK': '通過任務' },
  attachImage: { 'zh-CN': '添加图片', 'en-US': 'add a picture', 'zh-HK': '添加圖片' },
  audit: { 'zh-CN': '审核', 'en-US': 'review', 'zh-HK': '審核' },
  autoResolve: { 'zh-CN': '自动解决', 'en-US': 'resolve automatically', 'zh-HK': '自動解決' },
  batchCreate: { 'zh-CN': '批量新增', 'en-US': 'add in bulk', 'zh-HK': '批量新增' },
  batchInsert: { 'zh-CN': '批量新增', 'en-US': 'add in bulk', 'zh-HK': '批量新增' },
  cancel: { 'zh-CN': '取消', 'en-US': 'cancel', 'zh-HK': '取消' },
  captcha: { 'zh-CN': '获取滑块验证', 'en-US': 'new slide puzzle', 'zh-HK': '獲取滑塊驗證' },
  captchaVerify: { 'zh-CN': '校验滑块', 'en-US': 'slide puzzle checked', 'zh-HK': '校驗滑塊' },
  checkEmailCode: { 'zh-CN': '校验邮件验证码', 'en-US': 'check an e-mail code', 'zh-HK': '校驗郵件驗證碼' },
  checkPwd: { 'zh-CN': '校验密码', 'en-US': 'check the password', 'zh-HK': '校驗密碼' },
  checkSmsCode: { 'zh-CN': '校验短信验证码', 'en-US': 'check an SMS code', 'zh-HK': '校驗短訊驗證碼' },
  close: { 'zh-CN': '关闭', 'en-US': 'close', 'zh-HK': '關閉' },
  complete: { 'zh-CN': '完成', 'en-US': 'complete', 'zh-HK': '完成' },
  completeTask: { 'zh-CN': '完成任务', 'en-US': 'complete a task', 'zh-HK': '完成任務' },
  confirm: { 'zh-CN': '确认', 'en-US': 'confirm', 'zh-HK': '確認' },
  confirmReceive: { 'zh-CN': '确认收货', 'en-US': 'confirm receipt', 'zh-HK': '確認收貨' },
  containerCreate: { 'zh-CN': '新增容器', 'en-US': 'add a container', 'zh-HK': '新增容器' },
  containerUpdate: { 'zh-CN': '编辑容器', 'en-US': 'edit a container', 'zh-HK': '編輯容器' },
  copy: { 'zh-CN': '复制', 'en-US': 'copy', 'zh-HK': '複製' },
  create: { 'zh-CN': '新增', 'en-US': 'create', 'zh-HK': '新增' },
  delete: { 'zh-CN': '删除', 'en-US': 'delete', 'zh-HK': '刪除' },
  demo: { 'zh-CN': '演示数据', 'en-US': 'demo data', 'zh-HK': '演示數據' },
  deviceCreate: { 'zh-CN': '新增设备', 'en-US': 'add a device', 'zh-HK': '新增設備' },
  deviceUpdate: { 'zh-CN': '编辑设备', 'en-US': 'edit a device', 'zh-HK': '編輯設備' },
  disable: { 'zh-CN': '禁用', 'en-US': 'disable', 'zh-HK': '禁用' },
  dispatch: { 'zh-CN': '发货', 'en-US': 'dispatch', 'zh-HK': '發貨' },
  dispute: { 'zh-CN': '提出异议', 'en-US': 'dispute', 'zh-HK': '提出異議' },
  download: { 'zh-CN': '下载', 'en-US': 'download', 'zh-HK': '下載' },
  edit: { 'zh-CN': '修改', 'en-US': 'edit', 'zh-HK': '修改' },
  set: { 'zh-CN': '设置', 'en-US': 'set', 'zh-HK': '設置' },
  lift: { 'zh-CN': '解除', 'en-US': 'lift', 'zh-HK': '解除' },
  apply: { 'zh-CN': '批量更正', 'en-US': 'apply a batch correction', 'zh-HK': '批量更正' },
  enable: { 'zh-CN': '启用', 'en-US': 'enable', 'zh-HK': '啟用' },
  fileUpload: { 'zh-CN': '上传文件', 'en-US': 'upload a file', 'zh-HK': '上傳文件' },
  firstUpdatePassword: {
    'zh-CN': '首次修改密码',
    'en-US': 'set the first password',
    'zh-HK': '首次修改密碼',
  },
  get: { 'zh-CN': '查看', 'en-US': 'view', 'zh-HK': '查看' },
  goOnline: { 'zh-CN': '上线', 'en-US': 'put online', 'zh-HK': '上線' },
  import: { 'zh-CN': '导入预览', 'en-US': 'import preview', 'zh-HK': '匯入預覽' },
  importConfirm: { 'zh-CN': '确认导入', 'en-US': 'import', 'zh-HK': '確認匯入' },
  kitDelete: { 'zh-CN': '删除耗材包', 'en-US': 'delete a kit', 'zh-HK': '刪除耗材包' },
  kitSave: { 'zh-CN': '保存耗材包', 'en-US': 'save a kit', 'zh-HK': '儲存耗材包' },
  kitSupplyConfirm: { 'zh-CN': '确认套件供应', 'en-US': 'confirm kit supply', 'zh-HK': '確認套件供應' },
  login: { 'zh-CN': '登录成功', 'en-US': 'signed in', 'zh-HK': '登入成功' },
  loginFailed: { 'zh-CN': '登录失败', 'en-US': 'failed sign-in', 'zh-HK': '登入失敗' },
  logout: { 'zh-CN': '退出登录', 'en-US': 'signed out', 'zh-HK': '登出' },
  manualPdf: {
    'zh-CN': '下载手工报告PDF',
    'en-US': 'download the manual report PDF',
    'zh-HK': '下載手工報告PDF',
  },
  markRead: { 'zh-CN': '标记已读', 'en-US': 'mark as read', 'zh-HK': '標記已讀' },
  newVersion: { 'zh-CN': '新建版本', 'en-US': 'new version', 'zh-HK': '新建版本' },
  passwordChanged: { 'zh-CN': '修改密码', 'en-US': 'changed password', 'zh-HK': '修改密碼' },
  passwordWrong: {
    'zh-CN': '会话内密码错误',
    'en-US': 'wrong password in session',
    'zh-HK': '會話內密碼錯誤',
  },
  pause: { 'zh-CN': '暂停', 'en-US': 'pause', 'zh-HK': '暫停' },
  pdf: { 'zh-CN': '下载PDF', 'en-US': 'download the PDF', 'zh-HK': '下載PDF' },
  pickup: { 'zh-CN': '揽收', 'en-US': 'pick up', 'zh-HK': '攬收' },
  correct: { 'zh-CN': '更正', 'en-US': 'correct', 'zh-HK': '更正' },
  projectReturn: { 'zh-CN': '项目退回', 'en-US': 'returned by the project', 'zh-HK': '項目退回' },
  publish: { 'zh-CN': '发布', 'en-US': 'publish', 'zh-HK': '發佈' },
  publishKits: { 'zh-CN': '发布套件', 'en-US': 'publish the kits', 'zh-HK': '發佈套件' },
  putIn: { 'zh-CN': '入库', 'en-US': 'store', 'zh-HK': '入庫' },
  receive: { 'zh-CN': '签收', 'en-US': 'sign off', 'zh-HK': '簽收' },
  receiveWithException: { 'zh-CN': '异常接收', 'en-US': 'receive with an exception', 'zh-HK': '異常接收' },
  register: { 'zh-CN': '登记', 'en-US': 'register', 'zh-HK': '登記' },
  reject: { 'zh-CN': '驳回', 'en-US': 'reject', 'zh-HK': '駁回' },
  rejectRevision: { 'zh-CN': '驳回修改', 'en-US': 'reject the revision', 'zh-HK': '駁回修改' },
  release: { 'zh-CN': '发布', 'en-US': 'release', 'zh-HK': '發布' },
  remove: { 'zh-CN': '删除', 'en-US': 'remove', 'zh-HK': '刪除' },
  removeContact: { 'zh-CN': '删除联系人', 'en-US': 'remove a contact', 'zh-HK': '刪除聯絡人' },
  removeImage: { 'zh-CN': '删除图片', 'en-US': 'remove a picture', 'zh-HK': '刪除圖片' },
  reopen: { 'zh-CN': '重新打开', 'en-US': 're-open', 'zh-HK': '重新打開' },
  replace: { 'zh-CN': '替换', 'en-US': 'replace', 'zh-HK': '替換' },
  reply: { 'zh-CN': '答复', 'en-US': 'reply', 'zh-HK': '答覆' },
  resetPassword: { 'zh-CN': '重置密码', 'en-US': 'reset password', 'zh-HK': '重設密碼' },
  respond: { 'zh-CN': '答复', 'en-US': 'respond', 'zh-HK': '答覆' },
  restore: { 'zh-CN': '恢复', 'en-US': 'restore', 'zh-HK': '恢復' },
  resubmit: { 'zh-CN': '重新提交', 'en-US': 'resubmit', 'zh-HK': '重新提交' },
  resume: { 'zh-CN': '恢复', 'en-US': 'resume', 'zh-HK': '恢復' },
  retire: { 'zh-CN': '停用版本', 'en-US': 'retire', 'zh-HK': '停用版本' },
  return: { 'zh-CN': '退回', 'en-US': 'return', 'zh-HK': '退回' },
  returnTask: { 'zh-CN': '退回任务', 'en-US': 'return a task', 'zh-HK': '退回任務' },
  review: { 'zh-CN': '审核', 'en-US': 'review', 'zh-HK': '審核' },
  reviewRevision: { 'zh-CN': '审核修订', 'en-US': 'review a revision', 'zh-HK': '審核修訂' },
  revise: { 'zh-CN': '申请修订', 'en-US': 'ask for a revision', 'zh-HK': '申請修訂' },
  revoke: { 'zh-CN': '撤回', 'en-US': 'revoke', 'zh-HK': '撤回' },
  save: { 'zh-CN': '保存', 'en-US': 'save', 'zh-HK': '儲存' },
  saveSetting: { 'zh-CN': '保存设置', 'en-US': 'save the setting', 'zh-HK': '儲存設定' },
  sendLoginMailCode: { 'zh-CN': '发送邮件验证码', 'en-US': 'send an e-mail code', 'zh-HK': '發送郵件驗證碼' },
  sendLoginSmsCode: { 'zh-CN': '发送短信验证码', 'en-US': 'send an SMS code', 'zh-HK': '發送短訊驗證碼' },
  setPermission: { 'zh-CN': '设置授权', 'en-US': 'set grants', 'zh-HK': '設定授權' },
  setStatus: { 'zh-CN': '启用/停用', 'en-US': 'enable or disable', 'zh-HK': '啟用/停用' },
  sign: { 'zh-CN': '签收', 'en-US': 'sign for', 'zh-HK': '簽收' },
  smsLogin: { 'zh-CN': '验证码登录', 'en-US': 'sign in with a code', 'zh-HK': '驗證碼登入' },
  staffDownload: { 'zh-CN': '下载', 'en-US': 'download', 'zh-HK': '下載' },
  start: { 'zh-CN': '启动', 'en-US': 'start', 'zh-HK': '啟動' },
  startTask: { 'zh-CN': '开始任务', 'en-US': 'start a task', 'zh-HK': '開始任務' },
  storeIn: { 'zh-CN': '入库', 'en-US': 'store', 'zh-HK': '入庫' },
  submit: { 'zh-CN': '提交', 'en-US': 'submit', 'zh-HK': '提交' },
  supersede: { 'zh-CN': '被新版本取代', 'en-US': 'superseded', 'zh-HK': '被新版本取代' },
  syncDraft: { 'zh-CN': '保存草稿', 'en-US': 'save the draft', 'zh-HK': '儲存草稿' },
  tableHeadSet: { 'zh-CN': '保存表头设置', 'en-US': 'save table columns', 'zh-HK': '儲存表頭設定' },
  takeOut: { 'zh-CN': '出库', 'en-US': 'take out', 'zh-HK': '出庫' },
  unblinding: { 'zh-CN': '查看揭盲结果', 'en-US': 'view unblinding results', 'zh-HK': '查看揭盲結果' },
  unlock: { 'zh-CN': '解锁', 'en-US': 'unlock', 'zh-HK': '解鎖' },
  unlockFailed: { 'zh-CN': '解锁失败', 'en-US': 'failed unlock', 'zh-HK': '解鎖失敗' },
  update: { 'zh-CN': '编辑', 'en-US': 'edit', 'zh-HK': '編輯' },
  reserve: { 'zh-CN': '预留', 'en-US': 'reserve', 'zh-HK': '預留' },
  ship: { 'zh-CN': '寄出', 'en-US': 'ship', 'zh-HK': '寄出' },
  check: { 'zh-CN': '扫码核对', 'en-US': 'check a scanned code', 'zh-HK': '掃碼核對' },
  print: { 'zh-CN': '打印', 'en-US': 'print', 'zh-HK': '打印' },
  reprint: { 'zh-CN': '重新打印', 'en-US': 'reprint', 'zh-HK': '重新打印' },
  saveTemplate: { 'zh-CN': '保存模板', 'en-US': 'save a template', 'zh-HK': '儲存範本' },
  testLabel: { 'zh-CN': '打印测试标签', 'en-US': 'print a test label', 'zh-HK': '打印測試標籤' },
  sheet: { 'zh-CN': '打印标签页（PDF）', 'en-US': 'print a label sheet (PDF)', 'zh-HK': '打印標籤頁（PDF）' },
  updateContact: { 'zh-CN': '编辑联系人', 'en-US': 'edit a contact', 'zh-HK': '編輯聯絡人' },
  identify: { 'zh-CN': '核验身份', 'en-US': 'identify the person', 'zh-HK': '核驗身份' },
  recipientCreate: { 'zh-CN': '添加授权接收人', 'en-US': 'authorise a recipient', 'zh-HK': '添加授權接收人' },
  recipientUpdate: {
    'zh-CN': '编辑授权接收人',
    'en-US': 'edit an authorised recipient',
    'zh-HK': '編輯授權接收人',
  },
  settingsUpdate: { 'zh-CN': '修改设置', 'en-US': 'change the settings', 'zh-HK': '修改設定' },
  updatePassword: { 'zh-CN': '修改密码', 'en-US': 'change the password', 'zh-HK': '修改密碼' },
  updateProfile: { 'zh-CN': '修改资料', 'en-US': 'edit profile', 'zh-HK': '修改資料' },
  updateStatus: { 'zh-CN': '启用/停用', 'en-US': 'enable or disable', 'zh-HK': '啟用/停用' },
  view: { 'zh-CN': '查看', 'en-US': 'view', 'zh-HK': '查看' },
  visitDelete: { 'zh-CN': '删除访视', 'en-US': 'delete a visit', 'zh-HK': '刪除訪視' },
  visitSort: { 'zh-CN': '调整访视顺序', 'en-US': 'reorder visits', 'zh-HK': '調整訪視順序' },
  visitUpdate: { 'zh-CN': '编辑访视', 'en-US': 'edit a visit', 'zh-HK': '編輯訪視' },
  void: { 'zh-CN': '作废', 'en-US': 'void', 'zh-HK': '作廢' },
  withdraw: { 'zh-CN': '撤回', 'en-US': 'withdraw', 'zh-HK': '撤回' },
  wxAuthUrl: { 'zh-CN': '微信授权', 'en-US': 'WeChat authorisation', 'zh-HK': '微信授權' },
  wxBind: { 'zh-CN': '绑定微信', 'en-US': 'bind WeChat', 'zh-HK': '綁定微信' },
  wxLogin: { 'zh-CN': '微信登录', 'en-US': 'sign in with WeChat', 'zh-HK': '微信登入' },
  wxUnBind: { 'zh-CN': '解绑微信', 'en-US': 'unbind WeChat', 'zh-HK': '解綁微信' },
  addVersion: { 'zh-CN': '新增版本', 'en-US': 'add a version', 'zh-HK': '新增版本' },
  setDiscountLimit: { 'zh-CN': '设置折扣权限', 'en-US': 'set a discount limit', 'zh-HK': '設置折扣權限' },
  amend: { 'zh-CN': '合同变更', 'en-US': 'amend', 'zh-HK': '合同變更' },
  activate: { 'zh-CN': '生效', 'en-US': 'put in force', 'zh-HK': '生效' },
  generate: { 'zh-CN': '生成', 'en-US': 'generate', 'zh-HK': '生成' },
  fapiao: { 'zh-CN': '登记发票', 'en-US': 'record the fapiao', 'zh-HK': '登記發票' },
  waive: { 'zh-CN': '豁免计费', 'en-US': 'waive', 'zh-HK': '豁免計費' },
  recordPayment: { 'zh-CN': '登记收款', 'en-US': 'record a payment', 'zh-HK': '登記收款' },
  allocatePayment: { 'zh-CN': '核销收款', 'en-US': 'allocate a payment', 'zh-HK': '核銷收款' },
  unallocatePayment: { 'zh-CN': '撤销核销', 'en-US': 'undo an allocation', 'zh-HK': '撤銷核銷' },
} as const satisfies Record<string, Words>;

export type AuditObject = keyof typeof AUDIT_OBJECTS;
export type AuditVerb = keyof typeof AUDIT_VERBS;

/**
 * Sign-in events (slide puzzles, login codes, logins, logouts, sessions): the login log's, kept out
 * of the operation log's data changes unless asked for.
 */
export const AUDIT_SIGN_IN_OBJECTS: readonly AuditObject[] = ['auth', 'captcha', 'loginCode', 'session'];

/** An object (`captcha`, `sampleShipment`) in `lang` (console `zh-CN` or server `zh_CN`); unknown ones as they are. */
export function auditObjectWord(object: string, lang: string): string {
  return wordIn(AUDIT_OBJECTS, object, lang) ?? object;
}

/** A verb in `lang`, or undefined. */
export function auditVerbWord(verb: string, lang: string): string | undefined {
  return wordIn(AUDIT_VERBS, verb, lang);
}

/** An action id split at its last dot (workflow ids may hold one: `sharedDocument.original.publish`). */
export function auditActionParts(action: string): { object: string; verb: string } | undefined {
  const dot = action.lastIndexOf('.');
  return dot < 0 ? undefined : { object: action.slice(0, dot), verb: action.slice(dot + 1) };
}

/** An action id in words (`User · create`), or undefined when either part has none. */
export function auditActionWordOrNone(action: string, lang: string): string | undefined {
  const parts = auditActionParts(action);
  if (!parts) return undefined;
  const object = wordIn(AUDIT_OBJECTS, parts.object, lang);
  const verb = auditVerbWord(parts.verb, lang);
  return object && verb ? `${object} · ${verb}` : undefined;
}

/** An action id in words; one without words shows as it is. */
export function auditActionWord(action: string, lang: string): string {
  return auditActionWordOrNone(action, lang) ?? action;
}

/**
 * A field in `lang`: its words for `object` (the record's entity) when that object has its own,
 * else the shared words, else its key spelt out (`sampleCount` → `sample count`).
 */
export function auditFieldWord(field: string, lang: string, object?: string): string {
  const own =
    object !== undefined && Object.hasOwn(AUDIT_OBJECT_FIELDS, object)
      ? AUDIT_OBJECT_FIELDS[object]
      : undefined;
  return (
    (own ? wordIn(own, field, lang) : undefined) ??
    wordIn(AUDIT_FIELDS, field, lang) ??
    field
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
  );
}

/** A workflow record's state field in its workflow's words (`status: signed` of a sample shipment). */
export function auditStateWord(
  object: string,
  field: string,
  value: unknown,
  lang: string,
): string | undefined {
  if ((field !== 'state' && field !== 'status') || typeof value !== 'string') return undefined;
  const workflow = workflowById(object);
  if (!workflow || !(workflow.states as readonly string[]).includes(value)) return undefined;
  return stateWord(workflow, value, lang);
}

/**
 * The value fields that name another record, and the reference kind each names: the logs answer,
 * with each row, the names of the records its values and its entity id point to (`refs`).
 */
export const AUDIT_REF_FIELDS = {
  projectId: 'project',
  projectIds: 'project',
  testItemId: 'testItem',
  testItemIds: 'testItem',
  sampleTypeId: 'sampleType',
  sampleTypeIds: 'sampleType',
  temperatureId: 'temperature',
  storageTemperatureId: 'temperature',
  researchCenterId: 'researchCenter',
  userId: 'user',
  createdBy: 'user',
  updatedBy: 'user',
  reviewedBy: 'user',
  receivedBy: 'user',
  applicantId: 'user',
  voidedBy: 'user',
  roleId: 'role',
  roleIds: 'role',
} as const;
/**
 * The kinds of record the logs name: those a value field points to, and the supply master data,
 * which the logs name only as a row's own record (a consumable by its code and name, not "Consumable 8").
 */
export type AuditRefKind =
  | (typeof AUDIT_REF_FIELDS)[keyof typeof AUDIT_REF_FIELDS]
  | 'supplyConsumable'
  | 'supplier'
  | 'supplyKit';

/** The key of a record's name in a row's `refs`: `project:12`. */
export const auditRefKey = (kind: string, id: unknown) => `${kind}:${String(id)}`;

/** The reference kind a field names, if any. */
export function auditRefKind(field: string): AuditRefKind | undefined {
  return Object.hasOwn(AUDIT_REF_FIELDS, field)
    ? AUDIT_REF_FIELDS[field as keyof typeof AUDIT_REF_FIELDS]
    : undefined;
}

/**
 * The value fields coded by a dictionary, and its number: the logs answer each value's words in the
 * user's language with the row's `refs` (`dict:1025:misprint` → 标签打印错误), as the pages show them.
 * A value the dictionary does not hold shows as it is.
 */
export const AUDIT_DICT_FIELDS: Readonly<Record<string, number>> = {
  /** 性别 (subjects, accounts). */
  gender: 1002,
  /** 快递公司 (pick-ups, dispatches). */
  courier: 1006,
  /** 异常类型 (receipt lines). */
  exceptionReason: 1009,
  /** 配送方式 (plan kits). */
  deliveryModel: 1016,
  /** 出库原因 (stock-out types). */
  reasons: 1017,
  /** 质疑类型 (queries). */
  queryType: 1020,
  /** 地址标签 (address book). */
  label: 1023,
  /** 样本容器 (sample types, plan samples). */
  container: 1024,
  /** 条码作废原因 (voided barcodes). */
  reasonCode: 1025,
};

/** The dictionary a value field is coded by, if any. */
export const auditDictNo = (field: string): number | undefined =>
  Object.hasOwn(AUDIT_DICT_FIELDS, field) ? AUDIT_DICT_FIELDS[field] : undefined;

/** The key of a dictionary value's words in a row's `refs`: `dict:1025:misprint`. */
export const auditDictKey = (dictNo: number, value: unknown) => `dict:${dictNo}:${String(value)}`;

/** The entities whose id names a record of a reference kind (the row's own record, named in `refs`). */
export const AUDIT_ENTITY_REF_KINDS = {
  project: 'project',
  testItem: 'testItem',
  sampleType: 'sampleType',
  temperature: 'temperature',
  researchCenter: 'researchCenter',
  user: 'user',
  role: 'role',
  supplyConsumable: 'supplyConsumable',
  supplier: 'supplier',
  supplyKit: 'supplyKit',
} as const satisfies Record<string, AuditRefKind>;

const YES_NO = {
  yes: { 'zh-CN': '是', 'en-US': 'Yes', 'zh-HK': '是' },
  no: { 'zh-CN': '否', 'en-US': 'No', 'zh-HK': '否' },
} as const satisfies Record<string, Words>;

/** Coded values of a field in words (as their pages show them). */
const AUDIT_VALUE_WORDS: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  method: {
    password: { 'zh-CN': '密码', 'en-US': 'Password', 'zh-HK': '密碼' },
    sms: { 'zh-CN': '短信验证码', 'en-US': 'SMS code', 'zh-HK': '短訊驗證碼' },
    email: { 'zh-CN': '邮箱验证码', 'en-US': 'E-mail code', 'zh-HK': '郵箱驗證碼' },
    wechat: { 'zh-CN': '微信', 'en-US': 'WeChat', 'zh-HK': '微信' },
  },
  sex: {
    M: { 'zh-CN': '男', 'en-US': 'Male', 'zh-HK': '男' },
    F: { 'zh-CN': '女', 'en-US': 'Female', 'zh-HK': '女' },
  },
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An audit row as the value formatting needs it. */
export interface AuditRowNames {
  entity: string;
  refs: Readonly<Record<string, string>>;
}

/**
 * One field's value as its page shows it: a workflow state in its words, an id by the record's name
 * (`refs`), an instant in the user's zone (`time`), yes or no; anything else as text.
 */
export function auditValueText(
  row: AuditRowNames,
  field: string,
  value: unknown,
  lang: string,
  time: (iso: string) => string,
): string {
  if (value === undefined || value === null) return '';
  const state = auditStateWord(row.entity, field, value, lang);
  if (state !== undefined) return state;
  const coded = Object.hasOwn(AUDIT_VALUE_WORDS, field) ? AUDIT_VALUE_WORDS[field] : undefined;
  const word = coded && typeof value === 'string' ? wordIn(coded, value, lang) : undefined;
  if (word !== undefined) return word;
  const dictNo = auditDictNo(field);
  if (dictNo !== undefined) {
    const words = (Array.isArray(value) ? value : [value]).map((v) => row.refs[auditDictKey(dictNo, v)]);
    if (words.length > 0 && words.every((w) => w !== undefined)) return words.join(', ');
  }
  const kind = auditRefKind(field);
  if (kind) {
    const name = (id: unknown) => row.refs[auditRefKey(kind, id)];
    if (Array.isArray(value) && value.every((v) => name(v) !== undefined)) return value.map(name).join(', ');
    const one = name(value);
    if (one !== undefined) return one;
  }
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return time(value);
  if (typeof value === 'boolean') return wordIn(YES_NO, value ? 'yes' : 'no', lang) ?? String(value);
  // A list of plain values (barcodes, ids) as a list, not JSON.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.join(', ');
  }
  return changeText(value);
}

/** The fields that say which record a row is about, when its entity id names none (a range: project, analyte). */
const RECORD_FIELDS = [
  'projectId',
  'researchCenterId',
  'testItemId',
  'sampleTypeId',
  'temperatureId',
] as const;

/**
 * Which record a row is about, by name: its own when `refs` names it (a project's number), else the
 * records its values point to (a reference range: its project and analyte), else its id.
 */
export function auditRecordText(
  row: AuditRowNames & { entityId: string | null; oldValue: unknown; newValue: unknown },
): string {
  const kind = Object.hasOwn(AUDIT_ENTITY_REF_KINDS, row.entity)
    ? AUDIT_ENTITY_REF_KINDS[row.entity as keyof typeof AUDIT_ENTITY_REF_KINDS]
    : undefined;
  const own = kind && row.entityId !== null ? row.refs[auditRefKey(kind, row.entityId)] : undefined;
  if (own) return own;
  const values = [row.newValue, row.oldValue].find((v) => v && typeof v === 'object' && !Array.isArray(v)) as
    | Record<string, unknown>
    | undefined;
  const named = RECORD_FIELDS.map((field) => {
    const id = values?.[field];
    const k = auditRefKind(field);
    return k && id !== undefined ? row.refs[auditRefKey(k, id)] : undefined;
  }).filter((n): n is string => n !== undefined);
  return named.length > 0 ? named.join(' · ') : (row.entityId ?? '');
}
