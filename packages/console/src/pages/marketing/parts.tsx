// What the marketing pages share: money shown as decimal text (never a float), rates as
// percentages, row links; the customer picker is components/CustomerSelect (finance uses it too).
// Money comes from the server as decimal strings (api-contract money.ts) and is shown with
// `formatMoney`; nothing here turns it into a number.
import { Decimal, formatMoney } from '@trialab/api-contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Permission } from '../../access/gates';

/** A decimal text as money with separators (`1,190.00`); empty values as a dash. */
export const money = (value: string | null | undefined, currency?: string) =>
  value ? formatMoney(value, currency) : '-';

/** A rate (`0.05`) as a percentage (`5%`). */
export const percentOf = (rate: string | null | undefined) =>
  rate ? `${Decimal.of(rate).mul('100').round(2).toString()}%` : '-';

/** A row's link button (view, edit, amend), shown only with `permission` when one is given. */
export function RowLink({
  label,
  testId,
  onClick,
  permission,
}: {
  label: ReactNode;
  testId: string;
  onClick(): void;
  permission?: string;
}) {
  const button = (
    <Button type="link" size="small" onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
  return permission ? <Permission value={[permission]}>{button}</Permission> : button;
}
