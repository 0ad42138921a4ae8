import { Input, type InputProps } from 'antd';
import { finishNumber, type NumberRules, sanitizeNumber } from './rules';

export interface NumberInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'max' | 'min'>,
    NumberRules {
  value?: string;
  onChange?(value: string): void;
}

/** Text input that only ever holds a valid number under the SPEC section 5 rules. */
export function NumberInput({
  value = '',
  onChange,
  max,
  min,
  digit,
  negative,
  isReplace,
  onBlur,
  ...rest
}: NumberInputProps) {
  const rules = { max, min, digit, negative, isReplace };
  return (
    <Input
      {...rest}
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange?.(sanitizeNumber(event.target.value, rules, value))}
      onBlur={(event) => {
        const finished = finishNumber(value);
        if (finished !== value) onChange?.(finished);
        onBlur?.(event);
      }}
    />
  );
}
