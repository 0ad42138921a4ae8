import { DatePicker, type DatePickerProps } from 'antd';
import { DEFAULT_DATE_FORMAT, disabledDateFor, disabledTimeFor, type TimeLimits } from './ranges';

export type RangedDatePickerProps = DatePickerProps & {
  /** SPEC section 5 day range, relative to today. */
  range?: number[];
  timeLimits?: TimeLimits;
};

/** A date picker with the SPEC's disabled ranges and the default format YYYY-MM-DD. */
export function RangedDatePicker({ range, timeLimits, format, ...rest }: RangedDatePickerProps) {
  return (
    <DatePicker
      {...rest}
      format={format ?? DEFAULT_DATE_FORMAT}
      disabledDate={range ? disabledDateFor(range) : undefined}
      disabledTime={timeLimits ? disabledTimeFor(timeLimits) : undefined}
    />
  );
}
