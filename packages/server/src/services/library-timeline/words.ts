import type { MessageTexts } from '@trialab/api-contract';

/** The timelines' words (services/library-timeline): each event's title and particulars. */
export const TIMELINE_WORDS = {
  tlCorrected: {
    zh_CN: '记录批量更正',
    en_US: 'Record corrected (batch edit)',
    zh_HK: '記錄批量更正',
  },
  tlCorrectedField: {
    zh_CN: '{field}：{before} → {after}',
    en_US: '{field}: {before} → {after}',
    zh_HK: '{field}：{before} → {after}',
  },
  tlLabelled: {
    zh_CN: '在中心贴标采集',
    en_US: 'Labelled at the site',
    zh_HK: '在中心貼標採集',
  },
  tlLabelledDetail: {
    zh_CN: '中心 {site} · 受试者 {subject} · 访视 {visit}',
    en_US: 'Site {site} · subject {subject} · visit {visit}',
    zh_HK: '中心 {site} · 受試者 {subject} · 訪視 {visit}',
  },
  tlShipmentBooked: {
    zh_CN: '运输单已登记',
    en_US: 'Shipment booked',
    zh_HK: '運輸單已登記',
  },
  tlShipmentDispatched: {
    zh_CN: '已交快递寄出',
    en_US: 'Shipment dispatched',
    zh_HK: '已交快遞寄出',
  },
  tlShipmentDispatchedDetail: {
    zh_CN: '{courier} 运单号 {expressNo}',
    en_US: '{courier} waybill {expressNo}',
    zh_HK: '{courier} 運單號 {expressNo}',
  },
  tlReceived: {
    zh_CN: '实验室接收',
    en_US: 'Received by the lab',
    zh_HK: '實驗室接收',
  },
  tlReceivedException: {
    zh_CN: '实验室接收（异常）',
    en_US: 'Received by the lab (exception)',
    zh_HK: '實驗室接收（異常）',
  },
  tlReading: {
    zh_CN: '到货温度 {reading} ℃（要求 {range}）：{verdict}',
    en_US: 'Temperature on arrival {reading} °C (required {range}): {verdict}',
    zh_HK: '到貨溫度 {reading} ℃（要求 {range}）：{verdict}',
  },
  tlReadingWithin: {
    zh_CN: '符合要求',
    en_US: 'within range',
    zh_HK: '符合要求',
  },
  tlReadingBreach: {
    zh_CN: '超出范围',
    en_US: 'out of range',
    zh_HK: '超出範圍',
  },
  tlNoReading: {
    zh_CN: '未记录到货温度',
    en_US: 'No temperature recorded on arrival',
    zh_HK: '未記錄到貨溫度',
  },
  tlSigned: {
    zh_CN: '实验室签收条码',
    en_US: 'Signed for at the bench',
    zh_HK: '實驗室簽收條碼',
  },
  tlBenchIn: {
    zh_CN: '放入暂存',
    en_US: 'Put into temporary storage',
    zh_HK: '放入暫存',
  },
  tlBenchOut: {
    zh_CN: '取出暂存',
    en_US: 'Taken out of temporary storage',
    zh_HK: '取出暫存',
  },
  tlTestOrdered: {
    zh_CN: '录入检测项目（{count} 项）',
    en_US: 'Tests ordered ({count})',
    zh_HK: '錄入檢測項目（{count} 項）',
  },
  tlTestReviewed: {
    zh_CN: '检测项目审核：{state}',
    en_US: 'Test order reviewed: {state}',
    zh_HK: '檢測項目審核：{state}',
  },
  tlResultsEntered: {
    zh_CN: '录入检测结果',
    en_US: 'Results entered',
    zh_HK: '錄入檢測結果',
  },
  tlReportReleased: {
    zh_CN: '报告已发布',
    en_US: 'Report released',
    zh_HK: '報告已發佈',
  },
  tlAliquoted: {
    zh_CN: '分装出子管 {codes}',
    en_US: 'Aliquoted into {codes}',
    zh_HK: '分裝出子管 {codes}',
  },
  tlAliquotOf: {
    zh_CN: '由母管 {parent} 分装',
    en_US: 'Aliquoted from {parent}',
    zh_HK: '由母管 {parent} 分裝',
  },
  tlFromTo: {
    zh_CN: '{from} → {to}',
    en_US: '{from} → {to}',
    zh_HK: '{from} → {to}',
  },
  tlOutside: {
    zh_CN: '库外',
    en_US: 'outside the library',
    zh_HK: '庫外',
  },
  tlFreezeThaw: {
    zh_CN: '冻融次数 {count}',
    en_US: 'freeze-thaw count {count}',
    zh_HK: '凍融次數 {count}',
  },
  tlReason: {
    zh_CN: '原因：{reason}',
    en_US: 'reason: {reason}',
    zh_HK: '原因：{reason}',
  },
  tlHandedTo: {
    zh_CN: '交接给 {receiver}（{destination}）',
    en_US: 'handed to {receiver} ({destination})',
    zh_HK: '交接給 {receiver}（{destination}）',
  },
  tlDestroyedBy: {
    zh_CN: '方式 {method} · 证明 {certificate} · 见证人 {witness}',
    en_US: 'method {method} · certificate {certificate} · witness {witness}',
    zh_HK: '方式 {method} · 證明 {certificate} · 見證人 {witness}',
  },
  tlOnBill: {
    zh_CN: '列入{kind} {billNo}',
    en_US: 'Listed on {kind} {billNo}',
    zh_HK: '列入{kind} {billNo}',
  },
  tlBillStep: {
    zh_CN: '{kind} {billNo}：{step} → {state}',
    en_US: '{billNo} ({kind}): {step} → {state}',
    zh_HK: '{kind} {billNo}：{step} → {state}',
  },
  tlOutboundBill: {
    zh_CN: '出库单',
    en_US: 'outbound bill',
    zh_HK: '出庫單',
  },
  tlDestroyBill: {
    zh_CN: '销毁单',
    en_US: 'destruction bill',
    zh_HK: '銷毀單',
  },
  tlReceiverIdentified: {
    zh_CN: '{billNo} 接收人身份核验：{name}',
    en_US: 'Receiver identified for {billNo}: {name}',
    zh_HK: '{billNo} 接收人身份核驗：{name}',
  },
  tlWitnessIdentified: {
    zh_CN: '{billNo} 见证人身份核验：{name}',
    en_US: 'Witness identified for {billNo}: {name}',
    zh_HK: '{billNo} 見證人身份核驗：{name}',
  },
  tlIdentity_idcardFace: {
    zh_CN: '身份证 + 人脸比对',
    en_US: 'ID card and face comparison',
    zh_HK: '身份證 + 人臉比對',
  },
  tlIdentity_fingerprint: { zh_CN: '指纹比对', en_US: 'fingerprint', zh_HK: '指紋比對' },
  tlIdentity_password: { zh_CN: '密码电子签名', en_US: 'password e-signature', zh_HK: '密碼電子簽名' },
  tlIdentityScore: {
    zh_CN: '比对分 {score}（阈值 {threshold}）',
    en_US: 'score {score} (threshold {threshold})',
    zh_HK: '比對分 {score}（閾值 {threshold}）',
  },
  tlIdentityCard: { zh_CN: '证件号 {card}', en_US: 'card {card}', zh_HK: '證件號 {card}' },
  tlIdentityDevice: { zh_CN: '设备 {device}', en_US: 'device {device}', zh_HK: '設備 {device}' },
  tlBoxCreated: {
    zh_CN: '冻存盒建立于 {place}',
    en_US: 'Box created in {place}',
    zh_HK: '凍存盒建立於 {place}',
  },
  tlBoxMoved: {
    zh_CN: '冻存盒移位（{count} 管随盒）',
    en_US: 'Box moved ({count} tubes in it)',
    zh_HK: '凍存盒移位（{count} 管隨盒）',
  },
  tlTubeIn: {
    zh_CN: '{code} {action}：{position}',
    en_US: '{code} {action}: {position}',
    zh_HK: '{code} {action}：{position}',
  },
  tlTubeOut: {
    zh_CN: '{code} {action}：离开 {position}',
    en_US: '{code} {action}: left {position}',
    zh_HK: '{code} {action}：離開 {position}',
  },
  tlTubes: {
    zh_CN: '{action} {count} 管',
    en_US: '{action}: {count} tubes',
    zh_HK: '{action} {count} 管',
  },
  tlMaintenance: {
    zh_CN: '所在设备 {unit} 完成{kind}',
    en_US: '{kind} of its unit {unit} done',
    zh_HK: '所在設備 {unit} 完成{kind}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    libraryTimeline: typeof TIMELINE_WORDS;
  }
}
