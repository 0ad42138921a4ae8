import type { Lang } from '@trialab/api-contract';

/** Messages of the reference-data module (sample types, temperature conditions). */
export const REFERENCE_DATA_MESSAGES = {
  storageTemperatureInvalid: {
    zh_CN: '储存温度须为已启用且可用于储存的温度条件',
    en_US: 'The storage condition must be an enabled condition used for storage',
  },
} as const satisfies Record<string, Record<Lang, string>>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    referenceData: typeof REFERENCE_DATA_MESSAGES;
  }
}
