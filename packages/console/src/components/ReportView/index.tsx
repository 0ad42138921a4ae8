import {
  type ReportCode,
  type ReportColumn,
  type ReportFilter,
  type ReportHead,
  reportPermission,
} from '@trialab/api-contract';
import { DatePicker, Form, Input, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { callEndpoint } from '../../services/endpoint';
import { endpointKey, useConsoleQueryClient, useEndpointQuery } from '../../services/query';
import type { DataColumn } from '../DataTable';
import { dash, formatTime } from '../format';
import { ListPage, useListPage } from '../ListPage';
import type { ListColumn } from '../ListPage/filters';
import { ProjectSelect } from '../ProjectSelect';
import { useProjectSites } from '../ProjectSiteFields/useProjectSites';
import type { ChartData } from './chart';
import { ExportJobButton, ExportJobList } from './ExportJobs';

export { type ChartData, chartData } from './chart';

/** echarts loads with the first chart shown, in a chunk of its own. */
const LazyChart = lazy(() => import('./ReportChart'));

/** A report's chart (the table beside it shows the same numbers). */
export function ReportChart({ data, label }: { data: ChartData; label: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <LazyChart data={data} label={label} />
    </Suspense>
  );
}

type Row = Record<string, unknown>;
type Filters = Record<string, unknown>;

/** A column of a declared report, rendered by its kind (times in the user's zone, empty as "-"). */
export function reportColumn(column: ReportColumn): DataColumn<Row> {
  const base = { dataIndex: column.key, title: column.title };
  switch (column.kind) {
    case 'time':
      return { ...base, width: 170, render: (v: string | null) => formatTime(v) };
    case 'count':
      return { ...base, width: 100, align: 'right', render: (v: number | null) => dash(v) };
    case 'code':
      return { ...base, width: 130, render: (v: string | null) => dash(v) };
    case 'status':
      return { ...base, width: 110, render: (v: string | null) => dash(v) };
    default:
      return { ...base, width: 150, render: (v: string | null) => dash(v) };
  }
}

/** The site select of a report's filters: the sites of the project chosen in the same form. */
function SiteFilter(props: { value?: number; onChange?(value: number | undefined): void }) {
  const form = Form.useFormInstance();
  const projectId = Form.useWatch<number | undefined>('projectId', form);
  const { sites } = useProjectSites(projectId);
  return (
    <Select<number>
      allowClear
      style={{ width: 160 }}
      {...props}
      options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
    />
  );
}

/** A select filter's choices: the declared ones, else the server's (table-option). */
function OptionFilter({ code, filter, ...props }: { code: ReportCode; filter: ReportFilter }) {
  const loaded = useEndpointQuery(
    (c) => c.reportManage.tableOption,
    { body: { code, field: filter.key } },
    { enabled: !filter.options },
  );
  const options = filter.options ?? loaded.data?.data ?? [];
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 140 }}
      {...props}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
    />
  );
}

function filterInput(code: ReportCode, filter: ReportFilter): ReactNode {
  switch (filter.kind) {
    case 'project':
      return <ProjectSelect allowClear style={{ width: 220 }} />;
    case 'site':
      return <SiteFilter />;
    case 'select':
      return <OptionFilter code={code} filter={filter} />;
    case 'dateRange':
      return <DatePicker.RangePicker />;
    default:
      return <Input allowClear maxLength={64} />;
  }
}

/** The form's values as the report's filters: a day range as `[from, to]` (`YYYY-MM-DD`). */
export function filtersOf(head: ReportHead, values: Filters): Filters {
  const out: Filters = {};
  for (const f of head.filters) {
    const value = values[f.key];
    if (value === undefined || value === null || value === '') continue;
    if (f.kind === 'dateRange') {
      const [from, to] = value as [Dayjs | null, Dayjs | null];
      if (from && to) out[f.key] = [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')];
    } else out[f.key] = value;
  }
  return out;
}

/**
 * Any report declared on the server (docs/reports.md), through the page kit: its head gives the
 * columns (the user's chosen ones kept by `user-head`) and filters; rows are paged by `table-data`;
 * the export is a job with its progress and cancel. `below` shows under the table (a chart of the
 * rows on screen).
 */
export function ReportPage({
  code,
  below,
  onRowClick,
  actions,
}: {
  code: ReportCode;
  below?(rows: Row[], head: ReportHead): ReactNode;
  onRowClick?(row: Row): void;
  actions?: { width?: number; render(row: Row): ReactNode };
}) {
  const client = useConsoleQueryClient();
  const headInput = { body: { code } };
  const headQuery = useEndpointQuery((c) => c.reportManage.tableHead, headInput);
  const head = headQuery.data?.data;
  const list = useListPage((c) => c.reportManage.tableData, {} as Filters, {
    toBody: (filter) => ({ code, filters: filter as never }),
  });
  const columns = useMemo<ListColumn<Row>[]>(() => head?.columns.map(reportColumn) ?? [], [head]);
  if (!head) return <Spin />;

  // The user's columns; until they choose, the report's shown ones.
  const titles = head.chosen.length > 0 ? head.chosen : head.columns.filter((c) => c.shown).map((c) => c.key);
  const columnHead = {
    titles,
    save: async (next: string[]) => {
      client.setQueryData(
        endpointKey((c) => c.reportManage.tableHead, headInput),
        {
          code: 200,
          msg: '',
          data: { ...head, chosen: next },
        },
      );
      await callEndpoint((c) => c.reportManage.userHead, { body: { code, columns: next } });
    },
  };
  return (
    <ListPage<Row, Filters>
      list={list}
      rowKey={(row) => JSON.stringify(row)}
      code={`bi.${code}`}
      head={columnHead}
      title={head.title}
      columns={columns}
      onRowClick={onRowClick}
      actions={actions}
      onSearch={(values) => list.search(filtersOf(head, values))}
      filters={head.filters.map((f) => (
        <Form.Item key={f.key} name={f.key} label={f.title}>
          {filterInput(code, f)}
        </Form.Item>
      ))}
      toolbar={
        head.exportable && (
          <ExportJobButton
            code={code}
            filters={list.filter}
            columns={titles}
            permission={reportPermission(code, 'export')}
          />
        )
      }
    >
      <ExportJobList code={code} />
      {below?.(list.rows, head)}
    </ListPage>
  );
}
