// Pure logic of the portal report screens: the filter form's values as the request body, and the
// rejection rows a selection may still mark read.
import type { Dayjs } from 'dayjs';

/** What the report filter forms hold. */
export interface ReportFormValues {
  projectId?: number;
  siteId?: number;
  subjectNo?: string;
  barcode?: string;
  reportNo?: string;
  testItemId?: number;
  /** 'abnormal' | 'normal' | undefined (all). */
  flag?: 'abnormal' | 'normal';
  range?: [Dayjs, Dayjs] | null;
}

export interface ReportFilter {
  projectId?: number;
  siteId?: number;
  subjectNo?: string;
  barcode?: string;
  reportNo?: string;
  testItemId?: number;
  abnormal?: boolean;
  releasedFrom?: string;
  releasedTo?: string;
}

/** Form values -> request filter: the release date range as inclusive YYYY-MM-DD days, the flag choice as `abnormal`. */
export function reportFilter(values: ReportFormValues): ReportFilter {
  const { range, flag, ...rest } = values;
  return {
    ...rest,
    ...(flag ? { abnormal: flag === 'abnormal' } : {}),
    ...(range
      ? { releasedFrom: range[0].format('YYYY-MM-DD'), releasedTo: range[1].format('YYYY-MM-DD') }
      : {}),
  };
}

/** Rows of a rejection list that may still be marked read. */
export function unreadIds(
  rows: ReadonlyArray<{ id: number; readAt: string | null }>,
  selected: readonly number[],
): number[] {
  const unread = new Set(rows.filter((r) => r.readAt === null).map((r) => r.id));
  return selected.filter((id) => unread.has(id));
}
