import { Radio, Select, type SelectProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictItem, dictLabel, useDict } from '../../stores/dict';
import { dash } from '../format';

/** Items of one dictionary, loaded once and cached per number. */
export function useDictItems(dictNo: number) {
  const items = useDict((s) => s.items[dictNo]);
  useEffect(() => {
    if (!items)
      void useDict
        .getState()
        .load(dictNo)
        .catch(() => undefined);
  }, [dictNo, items]);
  return items ?? [];
}

/** What a field offers: the enabled items, plus the one it holds if that was disabled since. */
function offered(items: DictItem[], value: unknown): DictItem[] {
  const held = new Set(Array.isArray(value) ? value : [value]);
  return items.filter((item) => item.status === 1 || held.has(item.value));
}

export interface DictSelectProps extends Omit<SelectProps, 'options'> {
  dictNo: number;
}

/**
 * Select over a dictionary (value = item value, label in the current language); disabled items are
 * not offered unless held (DictText still shows them on existing records).
 */
export function DictSelect({ dictNo, ...rest }: DictSelectProps) {
  const { i18n, t } = useTranslation();
  const items = useDictItems(dictNo);
  return (
    <Select
      notFoundContent={t('components.noData')}
      {...rest}
      options={offered(items, rest.value).map((item) => ({
        value: item.value,
        label: dictLabel(item, i18n.language),
      }))}
    />
  );
}

/**
 * A dictionary value as its text in the current language (a table cell, a detail): a read-only
 * value is text, not a disabled select, which would be a form field without a name.
 */
export function DictText({ dictNo, value }: { dictNo: number; value?: string | null }) {
  const { i18n } = useTranslation();
  const item = useDictItems(dictNo).find((entry) => entry.value === value);
  // A value no item holds (one typed before the dictionary existed) shows as it is stored.
  return <>{dash(item ? dictLabel(item, i18n.language) : value)}</>;
}

export interface DictRadioProps {
  dictNo: number;
  value?: string | null;
  onChange?(value: string | null): void;
  disabled?: boolean;
}

/**
 * Radio buttons over a dictionary. Clicking the selected item deselects it (the lid-colour
 * radio, SPEC section 4).
 */
export function DictRadio({ dictNo, value, onChange, disabled }: DictRadioProps) {
  const { i18n } = useTranslation();
  const items = useDictItems(dictNo);
  return (
    <Radio.Group value={value ?? null} disabled={disabled}>
      {offered(items, value).map((item) => (
        <Radio
          key={item.id}
          value={item.value}
          onClick={() => onChange?.(item.value === value ? null : item.value)}
        >
          {dictLabel(item, i18n.language)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
