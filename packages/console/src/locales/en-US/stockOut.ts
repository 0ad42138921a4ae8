/** /platform/out-warehouse: stock-out types and the reasons each allows. */
export const stockOut = {
  type: {
    createTitle: 'New stock-out type',
    editTitle: 'Edit stock-out type',
    returnsSample: 'Kind',
    temporary: 'Temporary (samples come back)',
    permanent: 'Permanent',
    needsReview: 'Review before confirmation',
    reviewed: 'Reviewed',
    notReviewed: 'No review',
    reasons: 'Stock-out reasons',
    reasonsHint: 'The reasons a bill of this type may give (dictionary 1017)',
  },
};
