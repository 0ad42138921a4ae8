import { Form, Input } from 'antd';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { DataColumn } from '../DataTable';

/**
 * A column's own filter: the list's filter form shows it in column order, so a filter is declared
 * once with its column. `true`: a text input named after the column; a node: that input named after
 * the column; `{ name, input }`: a filter field of another name (`deptId` for the `deptName` column).
 */
export type ColumnFilter = true | ReactElement | NamedFilter;
type NamedFilter = { name?: string; input?: ReactNode; label?: ReactNode };

/** A list column that may carry its filter. */
export type ListColumn<T> = DataColumn<T> & { filter?: ColumnFilter };

/** The filter form's fields of the columns that carry one, in column order. */
export function columnFilters<T>(columns: readonly ListColumn<T>[]): ReactNode[] {
  return columns.flatMap((column) => {
    const { filter } = column;
    if (filter === undefined) return [];
    const named: NamedFilter | null = filter === true || isValidElement(filter) ? null : filter;
    const name = named?.name ?? column.dataIndex;
    const input = filter === true ? undefined : isValidElement(filter) ? filter : filter.input;
    return [
      <Form.Item key={name} name={name} label={named?.label ?? (column.title as ReactNode)}>
        {input ?? <Input allowClear maxLength={64} />}
      </Form.Item>,
    ];
  });
}

/** The columns without their filters, for the table. */
export const tableColumns = <T,>(columns: readonly ListColumn<T>[]): DataColumn<T>[] =>
  columns.map(({ filter: _, ...column }) => column);
