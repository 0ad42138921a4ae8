/** Reports (namespace `reports`): /report-manage pages and report exports. */
export const reports = {
  export: {
    xlsx: '导出 Excel',
    csv: '导出 CSV',
    asCsv: '改为导出 CSV',
    cancel: '取消导出',
    cancelled: '已取消导出',
    download: '下载',
    progress: '导出进度',
    rows: '{{written}} / {{total}} 行',
    states: { running: '导出中', done: '已完成', failed: '失败', cancelled: '已取消' },
  },
  timeline: {
    open: '全部信息',
    title: '条码 {{code}} 的全部记录',
  },
};
