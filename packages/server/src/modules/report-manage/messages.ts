import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the reports and their exports (docs/reports.md). */
export const REPORT_MESSAGES = {
  reportUnknown: { zh_CN: '报表不存在', en_US: 'No such report', zh_HK: '報表不存在' },
  reportColumnUnknown: {
    zh_CN: '报表没有列 {column}',
    en_US: 'The report has no column {column}',
    zh_HK: '報表沒有列 {column}',
  },
  reportFilterUnknown: {
    zh_CN: '报表没有筛选条件 {filter}',
    en_US: 'The report has no filter {filter}',
    zh_HK: '報表沒有篩選條件 {filter}',
  },
  reportDateInvalid: {
    zh_CN: '日期格式应为 YYYY-MM-DD',
    en_US: 'Dates are written YYYY-MM-DD',
    zh_HK: '日期格式應為 YYYY-MM-DD',
  },
  reportExportRunning: {
    zh_CN: '您已有一个导出正在进行（{report}），请等待完成或取消后再导出',
    en_US: 'You already have an export running ({report}): wait for it or cancel it first',
    zh_HK: '您已有一個匯出正在進行（{report}），請等待完成或取消後再匯出',
  },
  reportExportTooLarge: {
    zh_CN: '共 {rows} 行，超过 Excel 的上限 {max} 行；请缩小筛选范围，或导出为 CSV（不限行数）',
    en_US:
      '{rows} rows is more than Excel holds ({max}): narrow the filters, or export as CSV (no row limit)',
    zh_HK: '共 {rows} 行，超過 Excel 的上限 {max} 行；請縮小篩選範圍，或匯出為 CSV（不限行數）',
  },
  reportExportNotRunning: {
    zh_CN: '该导出已结束，无法取消',
    en_US: 'This export has already ended and cannot be cancelled',
    zh_HK: '該匯出已結束，無法取消',
  },
  reportExportNotReady: {
    zh_CN: '该导出尚未完成或已取消，没有可下载的文件',
    en_US: 'This export has not finished (or was cancelled): there is no file to download',
    zh_HK: '該匯出尚未完成或已取消，沒有可下載的檔案',
  },
  reportExportLost: {
    zh_CN: '服务重启，导出中断，请重新导出',
    en_US: 'The server restarted and the export stopped: export again',
    zh_HK: '服務重啟，匯出中斷，請重新匯出',
  },
  reportExportFailed: {
    zh_CN: '导出失败，请重试',
    en_US: 'The export failed: try again',
    zh_HK: '匯出失敗，請重試',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    reportManage: typeof REPORT_MESSAGES;
  }
}
