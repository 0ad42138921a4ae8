import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the specimen library's specimen pages (awaiting storage, rack-scanner import). */
export const LIBRARY_SAMPLE_MESSAGES = {
  samplesBoxUnknown: {
    zh_CN: '冻存盒 {code} 不存在',
    en_US: 'No box {code}',
    zh_HK: '凍存盒 {code} 不存在',
  },
  samplesScanGridOnly: {
    zh_CN: '{code} 不是带孔位的冻存盒，不能导入扫描文件',
    en_US: '{code} is not a box with positions: a scanner file cannot be imported into it',
    zh_HK: '{code} 不是帶孔位的凍存盒，不能導入掃描文件',
  },
  samplesScanEmpty: {
    zh_CN: '扫描文件中没有孔位数据',
    en_US: 'The scanner file holds no positions',
    zh_HK: '掃描文件中沒有孔位數據',
  },
  samplesScanPosition: {
    zh_CN: '位置 {position} 不在冻存盒 {box}（{rows}×{cols}）内',
    en_US: 'Position {position} is not inside box {box} ({rows}×{cols})',
    zh_HK: '位置 {position} 不在凍存盒 {box}（{rows}×{cols}）內',
  },
  samplesScanPositionTwice: {
    zh_CN: '位置 {position} 在文件中出现多次',
    en_US: 'Position {position} appears more than once in the file',
    zh_HK: '位置 {position} 在文件中出現多次',
  },
  samplesScanTubeTwice: {
    zh_CN: '样本 {code} 在文件中出现多次',
    en_US: 'Tube {code} appears more than once in the file',
    zh_HK: '樣本 {code} 在文件中出現多次',
  },
  samplesScanTubeUnknown: {
    zh_CN: '样本条码 {code} 不存在或不在您的项目范围内',
    en_US: 'Tube {code} is unknown or outside your projects',
    zh_HK: '樣本條碼 {code} 不存在或不在您的項目範圍內',
  },
  samplesScanMissing: {
    zh_CN: '记录中位置 {position} 存放样本 {code}，扫描未发现样本管',
    en_US: 'Position {position} holds {code} by the records, but the scanner found no tube',
    zh_HK: '記錄中位置 {position} 存放樣本 {code}，掃描未發現樣本管',
  },
  samplesScanHasErrors: {
    zh_CN: '扫描文件有 {count} 处错误（第 {line} 行：{error}），请修正后再保存',
    en_US: 'The scanner file has {count} error(s) (line {line}: {error}); correct them before saving',
    zh_HK: '掃描文件有 {count} 處錯誤（第 {line} 行：{error}），請修正後再保存',
  },
  samplesScanNoRead: {
    zh_CN: '扫描无法识别（{file}）',
    en_US: 'NO READ at scan ({file})',
    zh_HK: '掃描無法識別（{file}）',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    librarySamples: typeof LIBRARY_SAMPLE_MESSAGES;
  }
}
