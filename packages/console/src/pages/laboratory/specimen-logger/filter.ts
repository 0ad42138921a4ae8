import type { SpecimenEventKind } from '@trialab/api-contract';
import type { Dayjs } from 'dayjs';

export interface LogValues {
  barcode?: string;
  kinds?: SpecimenEventKind[];
  dates?: [Dayjs | null, Dayjs | null] | null;
}
export interface LogFilter {
  barcode: string;
  kinds?: SpecimenEventKind[];
  from?: string;
  to?: string;
}

/** The form's values as the log filter (dates as YYYY-MM-DD, empty fields left out). */
export function toLogFilter(values: LogValues): LogFilter {
  const [from, to] = values.dates ?? [];
  return {
    barcode: values.barcode?.trim() ?? '',
    ...(values.kinds?.length ? { kinds: values.kinds } : {}),
    ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
    ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
  };
}
