/** Reports (namespace `reports`): /report-manage pages and report exports. */
export const reports = {
  export: {
    xlsx: '匯出 Excel',
    csv: '匯出 CSV',
    asCsv: '改為匯出 CSV',
    cancel: '取消匯出',
    cancelled: '已取消匯出',
    download: '下載',
    progress: '匯出進度',
    rows: '{{written}} / {{total}} 行',
    states: { running: '匯出中', done: '已完成', failed: '失敗', cancelled: '已取消' },
  },
  timeline: {
    open: '全部資訊',
    title: '條碼 {{code}} 的全部記錄',
  },
};
