// What the marketing pages share: customer and project pickers, money shown as decimal text
// (never a float), rates as percentages. Money comes from the server as decimal strings (api-contract
// money.ts) and is shown with `formatMoney`; nothing here turns it into a number.
import { Decimal, formatMoney } from '@trialab/api-contract';
import { Button, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { Permission } from '../../access/gates';
import { useEndpointQuery } from '../../services/query';

/** A decimal text as money with separators (`1,190.00`); empty values as a dash. */
export const money = (value: string | null | undefined, currency?: string) =>
  value ? formatMoney(value, currency) : '-';

/** A rate (`0.05`) as a percentage (`5%`). */
export const percentOf = (rate: string | null | undefined) =>
  rate ? `${Decimal.of(rate).mul('100').round(2).toString()}%` : '-';

/** The customers the user sees (their own; finance every one). */
export function useCustomers() {
  return useEndpointQuery((c) => c.customer.options, {}).data?.data ?? [];
}

export function CustomerSelect(props: Omit<SelectProps<number>, 'options'>) {
  const customers = useCustomers();
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      {...props}
      options={customers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
    />
  );
}

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
