import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ExpiryState, expiryColor, expiryState } from './expiry';

/**
 * How near an expiry is, in words (a supplier's document, a lot): "18 days left", "Expires today",
 * "Expired 10 days ago"; beyond the last window (90 days) the date ("Valid until …"), or the days
 * left when `beyond` is `'days'` (a column that shows the date beside it).
 */
export function useExpiryWords(): (
  daysLeft: number,
  expiryDate: string,
  beyond?: 'date' | 'days',
) => { state: ExpiryState; words: string; color: string } {
  const { t } = useTranslation();
  return (daysLeft, expiryDate, beyond = 'date') => {
    const state = expiryState(daysLeft);
    const words =
      state.kind === 'expired'
        ? t('components.expiry.expired', { days: state.days })
        : state.kind === 'today'
          ? t('components.expiry.today')
          : state.kind === 'left' || beyond === 'days'
            ? t('components.expiry.daysLeft', { days: daysLeft })
            : t('components.expiry.validUntil', { date: expiryDate });
    return { state, words, color: expiryColor(state) };
  };
}

/** An expiry as a tag: its words and, beside them, the colour of its window (never the colour alone). */
export function ExpiryTag({
  daysLeft,
  expiryDate,
  beyond,
  testId,
}: {
  daysLeft: number;
  expiryDate: string;
  beyond?: 'date' | 'days';
  testId?: string;
}) {
  const { words, color } = useExpiryWords()(daysLeft, expiryDate, beyond);
  return (
    <Tag color={color} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {words}
    </Tag>
  );
}
