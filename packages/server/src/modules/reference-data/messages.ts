import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the reference-data module (sample types, temperature conditions, stock-out types). */
export const REFERENCE_DATA_MESSAGES = {
  storageTemperatureInvalid: {
    zh_CN: '储存温度须为已启用且可用于储存的温度条件',
    en_US: 'The storage condition must be an enabled condition used for storage',
    zh_HK: '儲存溫度須為已啟用且可用於儲存的溫度條件',
  },
  containerInvalid: {
    zh_CN: '容器“{value}”不是已启用的样本容器（字典 1024）',
    en_US: 'Container "{value}" is not an enabled sample container (dictionary 1024)',
    zh_HK: '容器「{value}」不是已啟用的樣本容器（字典 1024）',
  },
  stockOutReasonInvalid: {
    zh_CN: '出库原因“{value}”不是已启用的出库原因（字典 1017）',
    en_US: 'Stock-out reason "{value}" is not an enabled stock-out reason (dictionary 1017)',
    zh_HK: '出庫原因「{value}」不是已啟用的出庫原因（字典 1017）',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    referenceData: typeof REFERENCE_DATA_MESSAGES;
  }
}
