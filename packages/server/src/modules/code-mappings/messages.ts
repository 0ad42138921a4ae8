import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the code-mappings module (/platform/mapping-table). */
export const CODE_MAPPING_MESSAGES = {
  mappingProjectUnknown: { zh_CN: '项目不存在', en_US: 'The project does not exist', zh_HK: '項目不存在' },
  mappingTargetUnknown: {
    zh_CN: '映射到的实验室记录不存在',
    en_US: 'The lab record the code maps to does not exist',
    zh_HK: '映射到的實驗室記錄不存在',
  },
  mappingTargetDisabled: {
    zh_CN: '映射到的实验室记录已停用，请选择启用的记录',
    en_US: 'The lab record the code maps to is disabled: choose an enabled one',
    zh_HK: '映射到的實驗室記錄已停用，請選擇已啟用的記錄',
  },
  mappingNeedsProject: {
    zh_CN: '访视和研究中心属于一个项目：请选择该项目，且记录须属于此项目',
    en_US: 'Visits and sites belong to one project: choose that project, and a record of it',
    zh_HK: '訪視和研究中心屬於一個項目：請選擇該項目，且記錄須屬於此項目',
  },
  mappingImportUnreadable: {
    zh_CN: '无法读取该文件，请使用映射导入模板（xlsx）',
    en_US: 'The file cannot be read: use the mapping import template (xlsx)',
    zh_HK: '無法讀取該文件，請使用映射匯入範本（xlsx）',
  },
  mappingImportEmpty: {
    zh_CN: '文件中没有映射数据',
    en_US: 'The file holds no mappings',
    zh_HK: '文件中沒有映射數據',
  },
  mappingImportTooMany: {
    zh_CN: '一次最多导入 {max} 行',
    en_US: 'At most {max} rows per import',
    zh_HK: '一次最多匯入 {max} 行',
  },
  mappingImportNothingValid: {
    zh_CN: '文件中没有可导入的行，请按预览中的错误修改后重新上传',
    en_US: 'No row of the file can be imported: fix the errors shown in the preview and upload it again',
    zh_HK: '文件中沒有可匯入的行，請按預覽中的錯誤修改後重新上傳',
  },
  mappingRowUnknownProject: {
    zh_CN: '项目编号 {projectNo} 不存在',
    en_US: 'Project {projectNo} does not exist',
    zh_HK: '項目編號 {projectNo} 不存在',
  },
  mappingRowUnknownKind: {
    zh_CN: '类别“{kind}”不存在（检测项目、访视、样本类型、研究中心、温度条件）',
    en_US: 'Kind "{kind}" does not exist (test item, visit, sample type, site, temperature)',
    zh_HK: '類別「{kind}」不存在（檢測項目、訪視、樣本類型、研究中心、溫度條件）',
  },
  mappingRowMissingSource: { zh_CN: '缺少来源', en_US: 'The source is missing', zh_HK: '缺少來源' },
  mappingRowMissingCode: {
    zh_CN: '缺少外部编码',
    en_US: 'The external code is missing',
    zh_HK: '缺少外部編碼',
  },
  mappingRowTooLong: {
    zh_CN: '{field}超过 {max} 个字符',
    en_US: '{field} is longer than {max} characters',
    zh_HK: '{field}超過 {max} 個字符',
  },
  mappingRowUnknownTarget: {
    zh_CN: '实验室编码 {code} 不存在',
    en_US: 'Lab code {code} does not exist',
    zh_HK: '實驗室編碼 {code} 不存在',
  },
  mappingRowDisabledTarget: {
    zh_CN: '实验室编码 {code} 已停用',
    en_US: 'Lab code {code} is disabled',
    zh_HK: '實驗室編碼 {code} 已停用',
  },
  mappingRowNeedsProject: {
    zh_CN: '访视和研究中心须填写项目编号',
    en_US: 'Visits and sites need a project number',
    zh_HK: '訪視和研究中心須填寫項目編號',
  },
  mappingRowRepeatedCode: {
    zh_CN: '与第 {line} 行的外部编码重复',
    en_US: 'The same external code as row {line}',
    zh_HK: '與第 {line} 行的外部編碼重複',
  },
  mappingRowUnsafeText: {
    zh_CN: '含有无法保存的字符',
    en_US: 'Holds characters that cannot be stored',
    zh_HK: '含有無法儲存的字符',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    codeMappings: typeof CODE_MAPPING_MESSAGES;
  }
}
