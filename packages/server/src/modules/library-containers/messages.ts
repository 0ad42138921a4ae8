import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the storage management screens (unit maintenance). */
export const LIBRARY_CONTAINER_MESSAGES = {
  maintenanceTaskDone: {
    zh_CN: '维护任务已于 {day} 完成，记录不能再修改或删除',
    en_US: 'The maintenance task was done on {day}: its record can no longer be changed or dropped',
    zh_HK: '維護任務已於 {day} 完成，記錄不能再修改或刪除',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    libraryContainers: typeof LIBRARY_CONTAINER_MESSAGES;
  }
}
