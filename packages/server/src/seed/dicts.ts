// Dictionaries 1001-1025 (SPEC section 3). Numbers the SPEC names keep its meaning; the others
// are the product's choice, documented in docs/api.md.
export interface DictSeed {
  dictNo: number;
  name: string;
  enName: string;
  /** [value, zh, en] */
  items: Array<[string, string, string]>;
}

export const DICTS: DictSeed[] = [
  {
    dictNo: 1001,
    name: '标签模板/客户类型',
    enName: 'Label template / customer type',
    items: [
      ['1', '医院', 'Hospital'],
      ['2', '药企', 'Pharmaceutical company'],
      ['3', 'CRO', 'CRO'],
      ['4', '科研院所', 'Research institute'],
    ],
  },
  {
    dictNo: 1002,
    name: '性别',
    enName: 'Gender',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '其他', 'Other'],
    ],
  },
  {
    dictNo: 1003,
    name: '样本状态',
    enName: 'Sample status',
    items: [
      ['1', '待接收', 'Awaiting receipt'],
      ['2', '已接收', 'Received'],
      ['3', '已入库', 'In storage'],
      ['4', '已出库', 'Checked out'],
      ['5', '已销毁', 'Destroyed'],
    ],
  },
  {
    dictNo: 1004,
    name: '条码状态',
    enName: 'Barcode status',
    items: [
      ['1', '正常', 'Active'],
      ['2', '已禁用', 'Disabled'],
    ],
  },
  {
    dictNo: 1005,
    name: '处理状态',
    enName: 'Processing status',
    items: [
      ['1', '待处理', 'Pending'],
      ['2', '处理中', 'In progress'],
      ['3', '已完成', 'Done'],
    ],
  },
  {
    dictNo: 1006,
    name: '快递公司',
    enName: 'Courier',
    items: [
      ['SF', '顺丰速运', 'SF Express'],
      ['JD', '京东物流', 'JD Logistics'],
      ['EMS', '中国邮政EMS', 'China Post EMS'],
    ],
  },
  {
    dictNo: 1007,
    name: '运输温度',
    enName: 'Transport temperature',
    items: [
      ['RT', '常温', 'Ambient'],
      ['2-8', '冷藏(2~8℃)', 'Refrigerated (2-8 °C)'],
      ['-20', '冷冻(-20℃)', 'Frozen (-20 °C)'],
      ['-80', '干冰(-80℃)', 'Dry ice (-80 °C)'],
    ],
  },
  {
    dictNo: 1008,
    name: '计量单位',
    enName: 'Unit',
    items: [
      ['tube', '管', 'Tube'],
      ['box', '盒', 'Box'],
      ['piece', '个', 'Piece'],
      ['ml', '毫升', 'mL'],
    ],
  },
  {
    dictNo: 1009,
    name: '异常类型',
    enName: 'Abnormality type',
    items: [
      ['1', '溶血', 'Haemolysis'],
      ['2', '脂血', 'Lipaemia'],
      ['3', '样本量不足', 'Insufficient volume'],
      ['4', '标签不清', 'Illegible label'],
      ['5', '采样耗材过期', 'Collected in an expired kit'],
    ],
  },
  // 1010 (project status) is gone: a project's states and their words are its workflow's
  // (projectFileWorkflow in the contract), which every page shows.
  {
    dictNo: 1011,
    name: '盖子颜色',
    enName: 'Lid colour',
    items: [
      ['red', '红色', 'Red'],
      ['purple', '紫色', 'Purple'],
      ['yellow', '黄色', 'Yellow'],
      ['green', '绿色', 'Green'],
      ['blue', '蓝色', 'Blue'],
      ['grey', '灰色', 'Grey'],
    ],
  },
  {
    dictNo: 1012,
    name: '采血管类型',
    enName: 'Tube type',
    items: [
      ['EDTA', 'EDTA抗凝管', 'EDTA tube'],
      ['SST', '促凝管', 'Serum separator tube'],
      ['HEP', '肝素锂管', 'Lithium heparin tube'],
    ],
  },
  {
    dictNo: 1013,
    name: '容器类型',
    enName: 'Container type',
    items: [
      ['freezer', '冰箱', 'Freezer'],
      ['rack', '冻存架', 'Rack'],
      ['box', '冻存盒', 'Box'],
    ],
  },
  {
    dictNo: 1014,
    name: '访视类型',
    enName: 'Visit type',
    items: [
      ['screening', '筛选期', 'Screening'],
      ['treatment', '治疗期', 'Treatment'],
      ['followup', '随访期', 'Follow-up'],
      ['unscheduled', '计划外', 'Unscheduled'],
    ],
  },
  {
    dictNo: 1015,
    name: '耗材规格',
    enName: 'Consumable size',
    items: [
      ['2ml', '2毫升', '2 mL'],
      ['5ml', '5毫升', '5 mL'],
      ['10ml', '10毫升', '10 mL'],
    ],
  },
  {
    dictNo: 1016,
    name: '配送方式',
    enName: 'Delivery model',
    items: [
      ['kit', '套件', 'Kit'],
      ['loose', '散件', 'Loose items'],
    ],
  },
  {
    dictNo: 1017,
    name: '出库原因',
    enName: 'Stock-out reason',
    items: [
      ['1', '检测', 'Testing'],
      ['2', '转运', 'Transfer'],
      ['3', '归还申办方', 'Return to sponsor'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    dictNo: 1018,
    name: '销毁原因',
    enName: 'Destruction reason',
    items: [
      ['1', '超过保存期限', 'Retention period over'],
      ['2', '样本损坏', 'Sample damaged'],
      ['3', '受试者撤回知情同意', 'Consent withdrawn'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    dictNo: 1019,
    name: '备注类别',
    enName: 'Remark category',
    items: [
      ['1', '样本', 'Sample'],
      ['2', '运输', 'Transport'],
      ['3', '检测', 'Testing'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    dictNo: 1020,
    name: '质疑类型',
    enName: 'Query type',
    items: [
      ['1', '信息缺失', 'Missing information'],
      ['2', '信息不一致', 'Inconsistent information'],
      ['3', '样本问题', 'Sample issue'],
    ],
  },
  {
    dictNo: 1021,
    name: '报告类型',
    enName: 'Report type',
    items: [
      ['1', '检测报告', 'Test report'],
      ['2', '修改报告', 'Revised report'],
      ['3', '异常报告', 'Exception report'],
    ],
  },
  {
    dictNo: 1022,
    name: '费用类型',
    enName: 'Fee type',
    items: [
      ['1', '检测费', 'Testing fee'],
      ['2', '存储费', 'Storage fee'],
      ['3', '运输费', 'Transport fee'],
      ['4', '耗材费', 'Consumables fee'],
    ],
  },
  {
    dictNo: 1024,
    name: '样本容器',
    enName: 'Sample container',
    items: [
      ['EDTA-2', 'EDTA 紫头管 2 mL', 'EDTA tube (lavender top) 2 mL'],
      ['EDTA-4', 'EDTA 紫头管 4 mL', 'EDTA tube (lavender top) 4 mL'],
      ['SST-5', '促凝管（黄头）5 mL', 'Serum separator tube (gold top) 5 mL'],
      ['HEP-4', '肝素锂管（绿头）4 mL', 'Lithium heparin tube (green top) 4 mL'],
      ['CIT-2.7', '枸橼酸钠管（蓝头）2.7 mL', 'Sodium citrate tube (light blue top) 2.7 mL'],
      ['PAX-2.5', 'PAXgene RNA 管 2.5 mL', 'PAXgene RNA tube 2.5 mL'],
      ['CRYO-0.5', '冻存管 0.5 mL', 'Cryovial 0.5 mL'],
      ['CRYO-1.8', '冻存管 1.8 mL', 'Cryovial 1.8 mL'],
      ['URINE-10', '尿杯 10 mL', 'Urine cup 10 mL'],
      ['FFPE', '福尔马林固定组织盒', 'Formalin-fixed tissue cassette'],
    ],
  },
  {
    dictNo: 1025,
    name: '条码作废原因',
    enName: 'Barcode void reason',
    items: [
      ['misprint', '标签打印错误', 'Label misprinted'],
      ['damaged', '标签损坏或无法扫描', 'Label damaged or unreadable'],
      ['duplicate', '条码重复', 'Duplicate barcode'],
      ['unused', '未使用（样本未采集）', 'Not used (sample not collected)'],
      ['withdrawn', '受试者退出', 'Subject withdrawn'],
      ['other', '其他', 'Other'],
    ],
  },
  {
    dictNo: 1023,
    name: '地址标签',
    enName: 'Address label',
    items: [
      ['home', '家', 'Home'],
      ['company', '公司', 'Company'],
      ['site', '中心', 'Site'],
    ],
  },
];
