import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the project's report review and manual reports. */
export const PROJECT_REPORT_MESSAGES = {
  projectReportReviewed: {
    zh_CN: '该报告已审核（{state}），不能再审核或删除',
    en_US: 'This report has already been reviewed ({state}) and can no longer be reviewed or deleted',
    zh_HK: '該報告已審核（{state}），不能再審核或刪除',
  },
  manualReportNotPdf: {
    zh_CN: '文件不是 PDF：{name}',
    en_US: 'The file is not a PDF: {name}',
    zh_HK: '文件不是 PDF：{name}',
  },
  manualReportTooLarge: {
    zh_CN: 'PDF 文件不能超过 {max} MB：{name}',
    en_US: 'The PDF may not exceed {max} MB: {name}',
    zh_HK: 'PDF 文件不能超過 {max} MB：{name}',
  },
  manualReportSubjectUnknown: {
    zh_CN: '受试者“{value}”不是该中心的受试者',
    en_US: 'Subject "{value}" is not a subject of this site',
    zh_HK: '受試者「{value}」不是該中心的受試者',
  },
  manualReportVisitUnknown: {
    zh_CN: '访视“{value}”不是该项目方案中的访视',
    en_US: 'Visit "{value}" is not a visit of the project\'s plan',
    zh_HK: '訪視「{value}」不是該項目方案中的訪視',
  },
  manualReportDateInFuture: {
    zh_CN: '报告日期不能晚于今天',
    en_US: 'The report date cannot be later than today',
    zh_HK: '報告日期不能晚於今天',
  },
  reportAwaitingProjectReview: {
    zh_CN: '该报告正在等待项目审核，不能申请修改；需要更正时请项目经理退回',
    en_US:
      'This report is awaiting the project review and cannot be revised; ask the project manager to return it',
    zh_HK: '該報告正在等待項目審核，不能申請修改；需要更正時請項目經理退回',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    projectReports: typeof PROJECT_REPORT_MESSAGES;
  }
}
