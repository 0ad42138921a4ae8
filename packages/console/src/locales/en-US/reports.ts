/** Reports (namespace `reports`): /report-manage pages and report exports. */
export const reports = {
  export: {
    xlsx: 'Export Excel',
    csv: 'Export CSV',
    asCsv: 'Export CSV instead',
    cancel: 'Cancel export',
    cancelled: 'Export cancelled',
    download: 'Download',
    progress: 'Export progress',
    rows: '{{written}} / {{total}} rows',
    states: { running: 'Exporting', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' },
  },
  timeline: {
    open: 'Everything',
    title: 'Everything about barcode {{code}}',
  },
};
