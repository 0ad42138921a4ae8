import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_SIZES } from '../../config';
import { type DataColumn, DataTable, type DataTableProps } from '../DataTable';
import { type RowAction, RowActions } from '../RowActions';
import { type Paged, pagedTable } from '../usePaged';
import { columnFilters, type ListColumn, tableColumns } from './filters';

export type { ListColumn } from './filters';
export { StatesFilter } from './StatesFilter';
export { compactFilter, type ListState, useListPage, useUrlTab } from './useListPage';
export { useRowSelection } from './useRowSelection';

export interface ListPageProps<T extends object, V extends object> {
  /** Rows and paging: `useListPage` (filter state included) or `usePaged`. */
  list: Paged<T>;
  /** The columns; one carrying `filter` puts that filter in the form (in column order). */
  columns: ListColumn<T>[];
  rowKey: DataTableProps<T>['rowKey'];
  /** Table-head configuration code (the user's visible columns). */
  code?: string;
  /** The user's visible columns kept by the page's own endpoint (a report's `user-head`). */
  head?: DataTableProps<T>['head'];
  /** Card title. */
  title?: ReactNode;
  /** Above the filter form, e.g. the page's tabs. */
  header?: ReactNode;
  /**
   * Filter fields without a column (`Form.Item`s: a keyword box), before the columns' own
   * filters; without either there is no form.
   */
  filters?: ReactNode;
  /** The page's own form instance, when it reads or sets the fields. */
  form?: FormInstance<V>;
  /** Search pressed with valid fields; default `list.search` of `useListPage`. */
  onSearch?(values: V): void;
  /** Reset pressed (the fields are already cleared); default `list.reset`. */
  onReset?(): void;
  /** Buttons after search and reset (create, export…), gated by the page. */
  toolbar?: ReactNode;
  /**
   * The action column (last, fixed right): the buttons of one row, declared (`items`, see
   * `RowAction`) and/or rendered by the page (`render`, after the items).
   */
  actions?: { width?: number; items?: readonly RowAction<T>[]; render?(row: T): ReactNode };
  selection?: DataTableProps<T>['selection'];
  /** A click on a row (outside its buttons) opens it, e.g. a record's timeline; give the row a button too. */
  onRowClick?(row: T): void;
  /** Dialogs and drawers the page opens. */
  children?: ReactNode;
}

/**
 * The filter form's name: its fields' ids become `<code>-filter_<field>`, apart from a dialog's
 * (`dialog_<field>`) or a form page's on the same screen, and from another list's kept in a tab. A
 * list without a code (two on one page) is told apart by `unique` (React's `useId`).
 */
export const filterFormName = (code: string | undefined, unique = '') =>
  `${(code ?? `list${unique}`).replace(/[^\w-]/g, '-')}-filter`;

type Searchable<V> = { search?(values: V): void; reset?(): void; fromUrl?: Partial<V>; filter?: V };

/**
 * A list screen: filter form with search and reset (plus the page's toolbar), the paged data table
 * and an action column. Pages keep their columns, fields and actions; the frame is this one.
 */
export function ListPage<T extends object, V extends object = Record<string, unknown>>({
  list,
  columns,
  rowKey,
  code,
  head,
  title,
  header,
  filters: extraFilters,
  form,
  onSearch,
  onReset,
  toolbar,
  actions,
  selection,
  onRowClick,
  children,
}: ListPageProps<T, V>) {
  const formId = useId().replace(/[^\w-]/g, '');
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<V>();
  const searchable = list as Paged<T> & Searchable<V>;
  const search = onSearch ?? searchable.search;
  const reset = onReset ?? searchable.reset;
  const formInstance = form ?? ownForm;
  type FieldValues = Parameters<typeof formInstance.setFieldsValue>[0];
  // The form shows the filter the list is on (`useListPage`'s, searched with the form's values): the
  // initial one (a queue opened on one state), a link's, a search's, and the initial one again after
  // reset. A page with its own search (form values that are not the filter) is shown only what the
  // address set.
  const onFilter = onSearch ? undefined : searchable.filter;
  const shownKey = onFilter === undefined ? '' : JSON.stringify(onFilter);
  const [resets, setResets] = useState(0);
  useEffect(() => {
    if (onFilter === undefined) return;
    formInstance.resetFields();
    formInstance.setFieldsValue(onFilter as FieldValues);
  }, [shownKey, resets, formInstance]);
  const fromUrl = onSearch ? searchable.fromUrl : undefined;
  useEffect(() => {
    if (fromUrl && Object.keys(fromUrl).length > 0) formInstance.setFieldsValue(fromUrl as FieldValues);
  }, [fromUrl, formInstance]);
  const own = columnFilters(columns);
  const filters =
    own.length > 0 || extraFilters ? (
      <>
        {extraFilters}
        {own}
      </>
    ) : null;
  const table = tableColumns(columns);
  const shown: DataColumn<T>[] = actions
    ? [
        ...table,
        {
          dataIndex: 'actions',
          title: t('components.actions'),
          width: actions.width ?? TABLE_SIZES.kind.actions,
          fixed: 'right',
          // Buttons wrap to a second line rather than be cut.
          ellipsis: false,
          render: (_: unknown, row: T) => (
            <Space size={0} wrap>
              {actions.items && <RowActions row={row} actions={actions.items} />}
              {actions.render?.(row)}
            </Space>
          ),
        },
      ]
    : table;

  return (
    <Card title={title}>
      {header}
      {filters ? (
        <Form<V>
          form={formInstance}
          name={filterFormName(code, formId)}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(values) => search?.(values)}
        >
          {filters}
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('components.search')}
              </Button>
              <Button
                onClick={() => {
                  formInstance.resetFields();
                  reset?.();
                  setResets((n) => n + 1);
                }}
              >
                {t('components.reset')}
              </Button>
              {toolbar}
            </Space>
          </Form.Item>
        </Form>
      ) : (
        toolbar && (
          <Space wrap style={{ marginBottom: 16 }}>
            {toolbar}
          </Space>
        )
      )}
      <DataTable<T>
        rowKey={rowKey}
        code={code}
        head={head}
        columns={shown}
        {...pagedTable(list)}
        selection={selection}
        label={typeof title === 'string' ? title : undefined}
        onRow={
          onRowClick
            ? (row) => ({
                onClick: (event) => {
                  // A button or link inside the row does its own thing.
                  if (!(event.target as HTMLElement).closest('button, a')) onRowClick(row);
                },
                style: { cursor: 'pointer' },
              })
            : undefined
        }
      />
      {children}
    </Card>
  );
}
