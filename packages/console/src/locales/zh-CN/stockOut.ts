/** /platform/out-warehouse: stock-out types and the reasons each allows. */
export const stockOut = {
  type: {
    createTitle: '新建出库类型',
    editTitle: '编辑出库类型',
    returnsSample: '出库性质',
    temporary: '临时出库（样本归还）',
    permanent: '永久出库',
    needsReview: '确认前审核',
    reviewed: '需审核',
    notReviewed: '无需审核',
    reasons: '出库原因',
    reasonsHint: '选择此类出库单可填写的原因（字典 1017）',
  },
};
