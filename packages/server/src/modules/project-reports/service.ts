import {
  type Lang,
  MANUAL_REPORT_MAX_BYTES,
  type ProjectReportState,
  projectReportWorkflow,
  ResultCode,
  stateWord,
} from '@trialab/api-contract';
import { ApiError } from '../../lib/errors.js';

/** Only a report awaiting review is reviewed or deleted; the refusal names the state it is in. */
export function assertPending(lang: Lang, state: ProjectReportState): void {
  if (state === 'pending') return;
  throw new ApiError(ResultCode.INVALID_STATE, {
    key: 'projectReportReviewed',
    params: { state: stateWord(projectReportWorkflow, state, lang) },
  });
}

/** A manual report may go until it is approved (the site may have seen it since). */
export function assertDeletable(lang: Lang, state: ProjectReportState): void {
  if (state !== 'approved') return;
  assertPending(lang, state);
}

/** Every PDF starts with `%PDF-` (ISO 32000-1, 7.5.2). */
export const isPdf = (head: Uint8Array): boolean =>
  Buffer.from(head.subarray(0, 5)).toString('latin1') === '%PDF-';

/** The upload a manual report names: a PDF by its first bytes (not its name), within the size limit. */
export function assertManualPdf(file: { name: string; size: number }, head: Uint8Array): void {
  if (file.size > MANUAL_REPORT_MAX_BYTES) {
    throw new ApiError(ResultCode.FILE_TOO_LARGE, {
      key: 'manualReportTooLarge',
      params: { max: MANUAL_REPORT_MAX_BYTES / 1048576, name: file.name },
    });
  }
  if (!isPdf(head)) {
    throw new ApiError(ResultCode.FILE_TYPE_NOT_ALLOWED, {
      key: 'manualReportNotPdf',
      params: { name: file.name },
    });
  }
}

/** No report is dated after today anywhere on earth (UTC+14 is the latest calendar day). */
export function assertNotFuture(reportDate: string, now: Date): void {
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (reportDate > latestToday)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'manualReportDateInFuture' });
}

/** A manual report names a subject of its site and a visit of the project's online plans (`manualReportChoices`). */
export function assertManualChoice(
  choices: { subjects: readonly string[]; visits: readonly string[] },
  report: { subjectNo: string; visit: string },
): void {
  if (!choices.subjects.includes(report.subjectNo)) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'manualReportSubjectUnknown',
      params: { value: report.subjectNo },
    });
  }
  if (!choices.visits.includes(report.visit)) {
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'manualReportVisitUnknown',
      params: { value: report.visit },
    });
  }
}
