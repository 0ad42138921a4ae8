import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the specimen library's bills (outbound and destruction). */
export const BILL_MESSAGES = {
  billHeld: {
    zh_CN: '样本 {code} 已被单据 {bill} 预留，不能{action}',
    en_US: 'Specimen {code} is reserved by bill {bill}: it cannot be {action}',
    zh_HK: '樣本 {code} 已被單據 {bill} 預留，不能{action}',
  },
  billOnAnother: {
    zh_CN: '样本 {code} 已在单据 {bill} 上',
    en_US: 'Specimen {code} is already on bill {bill}',
    zh_HK: '樣本 {code} 已在單據 {bill} 上',
  },
  billLinesOrFilter: {
    zh_CN: '请给出样本条码，或给出筛选条件（二者选一）',
    en_US: 'Give either the barcodes or a filter, not both and not neither',
    zh_HK: '請給出樣本條碼，或給出篩選條件（二者選一）',
  },
  billHeldMeanwhile: {
    zh_CN: '样本刚被另一张单据预留，请重试',
    en_US: 'A specimen was reserved by another bill meanwhile; try again',
    zh_HK: '樣本剛被另一張單據預留，請重試',
  },
  billFilterEmpty: {
    zh_CN: '筛选条件没有找到可用的在库样本',
    en_US: 'The filter found no stored specimen that is free',
    zh_HK: '篩選條件沒有找到可用的在庫樣本',
  },
  billTooMany: {
    zh_CN: '一张单据最多 {max} 个样本（筛选到 {found} 个）',
    en_US: 'A bill takes at most {max} specimens ({found} found)',
    zh_HK: '一張單據最多 {max} 個樣本（篩選到 {found} 個）',
  },
  billOtherProject: {
    zh_CN: '样本 {code} 不属于单据的项目',
    en_US: 'Specimen {code} is not of the bill’s project',
    zh_HK: '樣本 {code} 不屬於單據的項目',
  },
  billNotStored: {
    zh_CN: '样本 {code} 当前为“{state}”，不能{action}',
    en_US: 'Specimen {code} is {state}: it cannot be {action}',
    zh_HK: '樣本 {code} 當前為「{state}」，不能{action}',
  },
  billStockOutType: {
    zh_CN: '出库类型不存在或已停用',
    en_US: 'No such stock-out type, or it is disabled',
    zh_HK: '出庫類型不存在或已停用',
  },
  billReason: {
    zh_CN: '原因“{value}”不可用于此单据（字典 {dict}）',
    en_US: 'Reason "{value}" is not allowed on this bill (dictionary {dict})',
    zh_HK: '原因「{value}」不可用於此單據（字典 {dict}）',
  },
  billPlannedAt: {
    zh_CN: '计划出库须给出计划日期（今天或以后）',
    en_US: 'A planned outbound needs its planned day (today or later)',
    zh_HK: '計劃出庫須給出計劃日期（今天或以後）',
  },
  billDeviation: {
    zh_CN: '事后登记须给出移出日期（不晚于今天）和偏差原因',
    en_US:
      'A registration after the fact needs the day of removal (not after today) and the deviation reason',
    zh_HK: '事後登記須給出移出日期（不晚於今天）和偏差原因',
  },
  billBackupAliquot: {
    zh_CN: '备份出库只发送分装样本，且同一样本须有一份留在库内：{code}',
    en_US: 'A backup sends aliquots only, with another of the same specimen left in the library: {code}',
    zh_HK: '備份出庫只發送分裝樣本，且同一樣本須有一份留在庫內：{code}',
  },
  billPartial: {
    zh_CN: '样本 {code} 余量 {volume} µL，部分出库的量须小于余量（取整管请不填量）',
    en_US:
      'Specimen {code} holds {volume} µL: a partial outbound takes less (leave the quantity empty for the whole tube)',
    zh_HK: '樣本 {code} 餘量 {volume} µL，部分出庫的量須小於餘量（取整管請不填量）',
  },
  billPartialKind: {
    zh_CN: '销毁单和事后登记不能部分出库：{code}',
    en_US: 'Destruction and registration after the fact take whole specimens: {code}',
    zh_HK: '銷毀單和事後登記不能部分出庫：{code}',
  },
  billKindAction: {
    zh_CN: '此类单据不能{action}',
    en_US: 'This kind of bill cannot be {action}',
    zh_HK: '此類單據不能{action}',
  },
  billSameAuthoriser: {
    zh_CN: '第二位审批人须与第一位不同',
    en_US: 'The second authoriser must be someone other than the first',
    zh_HK: '第二位審批人須與第一位不同',
  },
  billNoQa: {
    zh_CN: '两位审批人中须有一位持有质量保证（QA）权限',
    en_US: 'One of the two authorisers must hold the quality assurance (QA) permission',
    zh_HK: '兩位審批人中須有一位持有質量保證（QA）權限',
  },
  billLineProblems: {
    zh_CN: '样本 {code} 不可出库或销毁（{problems}），请先移出单据或取消单据',
    en_US: 'Specimen {code} cannot go ({problems}): take it off the bill or cancel the bill first',
    zh_HK: '樣本 {code} 不可出庫或銷毀（{problems}），請先移出單據或取消單據',
  },
  billDifferences: {
    zh_CN: '还有未处理的差异：未扫描 {missing} 个，多出 {extras} 个',
    en_US: 'Differences are not settled yet: {missing} not scanned, {extras} extra',
    zh_HK: '還有未處理的差異：未掃描 {missing} 個，多出 {extras} 個',
  },
  billLineUnknown: {
    zh_CN: '单据上没有这一行：{line}',
    en_US: 'No such line on the bill: {line}',
    zh_HK: '單據上沒有這一行：{line}',
  },
  billNotReturning: {
    zh_CN: '样本 {code} 不在此单据的待归还样本中',
    en_US: 'Specimen {code} is not among the specimens of this bill to come back',
    zh_HK: '樣本 {code} 不在此單據的待歸還樣本中',
  },
  billWitnessSelf: {
    zh_CN: '见证人须是确认人以外的另一位用户',
    en_US: 'The witness must be a user other than the one confirming',
    zh_HK: '見證人須是確認人以外的另一位用戶',
  },
  billWitnessPassword: {
    zh_CN: '见证人用户或密码不正确',
    en_US: 'The witness user or password is wrong',
    zh_HK: '見證人用戶或密碼不正確',
  },
  billNothingLeft: {
    zh_CN: '单据上已没有可执行的样本行',
    en_US: 'No line of the bill is left to carry out',
    zh_HK: '單據上已沒有可執行的樣本行',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    bills: typeof BILL_MESSAGES;
  }
}
