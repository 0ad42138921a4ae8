import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Table, type TableColumnType, type TableProps } from 'antd';
import { type Key, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESIZE_DEBOUNCE_MS, STATIC_TABLE_PAGE_SIZE, TABLE_SIZES } from '../../config';
import { callEndpoint } from '../../services/endpoint';
import {
  endpointKey,
  REFERENCE_STALE_MS,
  useConsoleQueryClient,
  useEndpointQuery,
} from '../../services/query';
import { feedback } from '../../utils/feedback';
import { usePageVisibility } from '../usePageShown';
import {
  clampPage,
  fitColumns,
  overflowTitle,
  pageSizeOptions,
  singleSelection,
  tableScrollY,
  tableWidth,
  visibleColumns,
} from './sizing';

export type DataColumn<T> = TableColumnType<T> & { dataIndex?: string };

export interface DataTableProps<T>
  extends Omit<TableProps<T>, 'columns' | 'pagination' | 'rowSelection' | 'size'> {
  columns: DataColumn<T>[];
  /** Table-head configuration code: the user's visible columns are kept on the server. */
  code?: string;
  /**
   * The user's visible columns kept elsewhere than the table heads (a report's `user-head`): what
   * they are and how a change is saved. With it, `code` only shows the chooser.
   */
  head?: ColumnHead;
  page: number;
  size: number;
  total: number;
  onPageChange(page: number, size: number): void;
  /**
   * Row selection. A multiple selection is kept across pages (a page change keeps what was chosen on
   * the others); `onChange` also hands back the chosen rows, those of other pages included.
   */
  selection?: { mode: 'single' | 'multiple'; keys: Key[]; onChange(keys: Key[], rows: T[]): void };
  /** What the table holds (the page's title), the name of its scrolling region. */
  label?: string;
}

/** The columns a user chose (dataIndexes; empty: all) and where a change is kept. */
export interface ColumnHead {
  titles: string[];
  save(next: string[]): Promise<unknown>;
}

/**
 * The table body's height from the window's. A table in a hidden tab does not measure on resize
 * (its layout is not kept up to date) but when its page is shown again; showing a page the window
 * did not change for re-renders nothing.
 */
function useScrollY(withPagination: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [y, setY] = useState<number>();
  const page = usePageVisibility();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stale = false;
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setY(tableScrollY(window.innerHeight, top, withPagination));
    };
    const onResize = () => {
      clearTimeout(timer);
      if (!page.shown) {
        stale = true;
        return;
      }
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    const offVisibility = page.subscribe(() => {
      if (!page.shown || !stale) return;
      stale = false;
      measure();
    });
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      offVisibility();
      window.removeEventListener('resize', onResize);
    };
  }, [withPagination, page]);
  return { ref, y };
}

const NO_TITLES: string[] = [];

/** The full text of a cut cell on hover or focus (`overflowTitle`), one listener for the table. */
function useOverflowTitles(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    element?.addEventListener('mouseover', overflowTitle);
    element?.addEventListener('focusin', overflowTitle);
    return () => {
      element?.removeEventListener('mouseover', overflowTitle);
      element?.removeEventListener('focusin', overflowTitle);
    };
  }, [ref]);
}

/**
 * A table body that scrolls is a region the keyboard must reach (WCAG 2.1.1): focusable and named
 * while its rows or columns overflow, a plain box otherwise (no empty tab stop). antd gives no props
 * for its scrolling box, hence the attributes; run after every render, as the rows change.
 */
export function keyboardScrollable(root: HTMLElement | null, label: string): void {
  for (const body of root?.querySelectorAll<HTMLElement>('.ant-table-body') ?? []) {
    if (body.scrollHeight > body.clientHeight || body.scrollWidth > body.clientWidth) {
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', label);
    } else {
      body.removeAttribute('tabindex');
      body.removeAttribute('role');
      body.removeAttribute('aria-label');
    }
  }
  // antd measures column widths with a hidden copy of the titles, the select-all checkbox included:
  // hidden from assistive technology (aria-hidden) but still reachable by Tab, unless inert.
  for (const row of root?.querySelectorAll<HTMLElement>('.ant-table-measure-row') ?? []) {
    row.setAttribute('inert', '');
  }
}

/** The data table of SPEC sections 2, 4 and 9 (server paging, table-head config, sizes). */
export function DataTable<T extends object>({
  columns,
  code,
  head: ownHead,
  page,
  size,
  total,
  onPageChange,
  selection,
  label,
  ...rest
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const client = useConsoleQueryClient();
  const headInput = { body: { code: code ?? '' } };
  // The user's columns change only through this table: asked once per code, kept a while.
  const head = useEndpointQuery((c) => c.system.tableHeadGet, headInput, {
    enabled: Boolean(code) && !ownHead,
    staleTime: REFERENCE_STALE_MS,
  });
  const titles = ownHead?.titles ?? head.data?.data?.titles ?? NO_TITLES;
  const { ref, y } = useScrollY(true);
  useOverflowTitles(ref);
  useLayoutEffect(() => keyboardScrollable(ref.current, label ?? t('components.table')));

  const shown = useMemo(() => fitColumns(visibleColumns(columns, titles)), [columns, titles]);
  // The rows chosen so far, by key: another page's rows are no longer in dataSource.
  const chosenRows = useRef(new Map<Key, T>());

  const saveTitles = async (next: string[]) => {
    if (!code) return;
    if (ownHead) {
      await ownHead.save(next);
      feedback.success(t('components.columnsSaved'));
      return;
    }
    // Shown at once; the server keeps it for the next visit.
    client.setQueryData(
      endpointKey((c) => c.system.tableHeadGet, headInput),
      {
        code: 200,
        msg: '',
        data: { code, titles: next },
      },
    );
    await callEndpoint((c) => c.system.tableHeadSet, { body: { code, dataIndexes: next } });
    feedback.success(t('components.columnsSaved'));
  };

  const configurable = columns.filter(
    (column): column is DataColumn<T> & { dataIndex: string } => typeof column.dataIndex === 'string',
  );
  const current = titles.length > 0 ? titles : configurable.map((column) => column.dataIndex);

  return (
    <div ref={ref}>
      {code && (
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <Popover
            trigger="click"
            placement="bottomRight"
            content={
              <Checkbox.Group
                style={{ display: 'grid', gap: 4 }}
                value={current}
                onChange={(values) => void saveTitles(values.map(String)).catch(() => undefined)}
                options={configurable.map((column) => ({
                  value: column.dataIndex,
                  label: String(column.title ?? column.dataIndex),
                }))}
              />
            }
          >
            <Button size="small" icon={<SettingOutlined />}>
              {t('components.columns')}
            </Button>
          </Popover>
        </div>
      )}
      <Table<T>
        size="middle"
        {...rest}
        columns={shown}
        scroll={{ x: tableWidth(shown, selection ? TABLE_SIZES.selectColumnWidth : 0), y }}
        indentSize={TABLE_SIZES.treeIndent}
        rowSelection={
          selection && {
            columnWidth: TABLE_SIZES.selectColumnWidth,
            type: 'checkbox',
            selectedRowKeys: selection.keys,
            preserveSelectedRowKeys: selection.mode === 'multiple',
            onChange: (keys, rows) => {
              const chosen = selection.mode === 'single' ? singleSelection(selection.keys, keys) : keys;
              const known = chosenRows.current;
              keys.forEach((k, i) => {
                const row = rows[i];
                if (row !== undefined) known.set(k, row);
              });
              const kept = new Map<Key, T>();
              for (const k of chosen) {
                const row = known.get(k);
                if (row !== undefined) kept.set(k, row);
              }
              chosenRows.current = kept;
              selection.onChange(chosen, [...kept.values()]);
            },
          }
        }
        pagination={{
          current: page,
          pageSize: size,
          total,
          showSizeChanger: true,
          pageSizeOptions: pageSizeOptions(size),
          showTotal: (count) => t('components.total', { total: count }),
          onChange: (nextPage, nextSize) =>
            onPageChange(nextSize !== size ? clampPage(nextPage, nextSize, total) : nextPage, nextSize),
        }}
      />
    </div>
  );
}

/**
 * A local table: 5 rows per page, no size changer, paged only when rows exceed a page (`paged:
 * false`: every row, as a plan's task list). Its columns are sized as the data table's: one line
 * each, an ellipsis with the full text on hover, sideways scrolling rather than squeezing.
 */
export function StaticTable<T extends object>({
  dataSource = [],
  columns = [],
  paged = true,
  ...rest
}: Omit<TableProps<T>, 'pagination'> & { paged?: boolean }) {
  const fitted = useMemo(() => fitColumns(columns), [columns]);
  const ref = useRef<HTMLDivElement>(null);
  useOverflowTitles(ref);
  return (
    <div ref={ref}>
      <Table<T>
        size="small"
        scroll={{ x: tableWidth(fitted, rest.expandable ? TABLE_SIZES.selectColumnWidth : 0) }}
        {...rest}
        columns={fitted}
        dataSource={dataSource}
        pagination={
          paged && dataSource.length > STATIC_TABLE_PAGE_SIZE
            ? { pageSize: STATIC_TABLE_PAGE_SIZE, showSizeChanger: false }
            : false
        }
      />
    </div>
  );
}
