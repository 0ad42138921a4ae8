/** /platform/out-warehouse: stock-out types and the reasons each allows. */
export const stockOut = {
  type: {
    createTitle: '新建出庫類型',
    editTitle: '編輯出庫類型',
    returnsSample: '出庫性質',
    temporary: '臨時出庫（樣本歸還）',
    permanent: '永久出庫',
    needsReview: '確認前審核',
    reviewed: '需審核',
    notReviewed: '無需審核',
    reasons: '出庫原因',
    reasonsHint: '選擇此類出庫單可填寫的原因（字典 1017）',
  },
};
