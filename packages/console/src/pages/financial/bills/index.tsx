// /financial/bills (docs/finance.md "Billable events"): the events the work made, priced from the
// contract line in force; the exception queue (unpriced) resolved by a waiver or a late contract and
// a new run; a period's generation; a storage accrual's specimens.
import {
  BILLABLE_STATUSES,
  type BodyOf,
  type DataOf,
  dec,
  FINANCE_PERMISSIONS,
  formatMoney,
  SERVICE_KINDS,
  type ServiceKind,
  type ServiceUnit,
} from '@trialab/api-contract';
import { Alert, Button, Descriptions, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { useAction } from '../../../components/FormModal';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import type { RowAction } from '../../../components/RowActions';
import { ViewModal } from '../../../components/ViewModal';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

type Api = Contract['bills'];
type EventRow = DataOf<Api['paging']>[number];
type Filter = Omit<BodyOf<Api['paging']>, 'page' | 'size'>;

/** The last twelve months, newest first (`YYYY-MM`). */
export function recentPeriods(today: Date, count = 12): string[] {
  const periods: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const d = new Date(Date.UTC(today.getFullYear(), today.getMonth() - i, 1));
    periods.push(d.toISOString().slice(0, 7));
  }
  return periods;
}

const money = (value: string | null, currency?: string | null) =>
  value === null ? '-' : formatMoney(value, currency ?? undefined);

export default function BillsPage() {
  const { t: b } = useTranslation('finance', { keyPrefix: 'bills' });
  const periods = recentPeriods(new Date());
  const [period, setPeriod] = useState(periods[0] ?? '');
  const [drill, setDrill] = useState<EventRow | null>(null);
  const [run, busy] = useAction();
  // The list opens on every period, newest first (router/pageQueries.ts asks the same); choosing a
  // period narrows it and sets the summary and the generation's period.
  const list = useListPage((c) => c.bills.paging, {} as Filter);
  const summary = useEndpointQuery((c) => c.bills.summary, { body: { period } }).data?.data;
  const waive = useEndpointMutation((c) => c.bills.waive, {
    invalidates: [(c) => c.bills.paging, (c) => c.bills.summary],
  });
  const generate = () =>
    void run(
      async () => {
        const result = (await callEndpoint((c) => c.bills.generate, { body: { period } })).data;
        list.reload();
        return result;
      },
      b('generated', { period }),
    );

  const columns: ListColumn<EventRow>[] = [
    { dataIndex: 'workDay', title: b('workDay'), width: 110 },
    {
      ...col.projectNo<EventRow>(),
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 200 }} /> },
    },
    {
      dataIndex: 'kind',
      title: b('kind'),
      width: 110,
      render: (v: string) => b(`kinds.${v as ServiceKind}`),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 130 }}
            options={SERVICE_KINDS.map((k) => ({ value: k, label: b(`kinds.${k}`) }))}
          />
        ),
      },
    },
    {
      dataIndex: 'sourceLabel',
      title: b('source'),
      width: 220,
      render: (v: string, row) => (
        <Space size={4}>
          {row.direction === 'reversal' && <Tag color="red">{b('reversal')}</Tag>}
          <span>{v}</span>
        </Space>
      ),
      filter: { name: 'keyword', input: <Input allowClear maxLength={64} placeholder={b('keywordHint')} /> },
    },
    { dataIndex: 'serviceKey', title: b('service'), width: 170 },
    {
      dataIndex: 'quantity',
      title: b('quantity'),
      width: 120,
      align: 'right',
      render: (v: string, row) =>
        `${dec(v).toString()}${row.unit ? ` ${b(`units.${row.unit as ServiceUnit}`)}` : ''}`,
    },
    {
      dataIndex: 'unitPrice',
      title: b('unitPrice'),
      width: 110,
      align: 'right',
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'taxRate',
      title: b('taxRate'),
      width: 80,
      align: 'right',
      render: (v: string | null) => (v === null ? '-' : `${dec(v).mul('100').round(2).toString()}%`),
    },
    { dataIndex: 'net', title: b('net'), width: 120, align: 'right', render: (v: string | null) => money(v) },
    { dataIndex: 'tax', title: b('tax'), width: 100, align: 'right', render: (v: string | null) => money(v) },
    {
      dataIndex: 'gross',
      title: b('gross'),
      width: 140,
      align: 'right',
      render: (v: string | null, row) => money(v, row.currency),
    },
    {
      dataIndex: 'contractNumber',
      title: b('contract'),
      width: 170,
      render: (v: string | null, row) => (v ? `${v} v${row.contractVersionNo}` : '-'),
    },
    {
      ...col.status<EventRow>({ group: 'bills', ns: 'finance' }),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 130 }}
            options={BILLABLE_STATUSES.map((s) => ({ value: s, label: b(`statuses.${s}`) }))}
          />
        ),
      },
    },
    {
      dataIndex: 'resolveReason',
      title: b('resolveReason'),
      width: 160,
      render: (v: string | null) => v ?? '-',
    },
  ];

  const actions: RowAction<EventRow>[] = [
    {
      label: b('waive'),
      permission: FINANCE_PERMISSIONS.billsResolve,
      testId: (row) => `bill-waive-${row.id}`,
      hidden: (row) => row.status !== 'unpriced',
      reason: {
        title: (row) => b('waiveTitle', { source: row.sourceLabel }),
        placeholder: b('waiveReason'),
        max: 255,
        required: true,
        testId: 'bill-waive-reason',
      },
      run: (row, reason) =>
        waive.mutateAsync({ params: { id: row.id }, body: { version: row.version, reason: reason ?? '' } }),
      done: b('waived'),
    },
    {
      label: b('specimens'),
      testId: (row) => `bill-specimens-${row.id}`,
      hidden: (row) => row.sourceKind !== 'storage',
      onClick: setDrill,
    },
  ];

  return (
    <ListPage<EventRow, Filter>
      list={list}
      rowKey="id"
      code="financial.bills"
      columns={columns}
      header={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Form.Item label={b('period')} style={{ marginBottom: 0 }}>
              <Select
                aria-label={b('period')}
                data-testid="bills-period"
                style={{ width: 130 }}
                value={period}
                options={periods.map((p) => ({ value: p, label: p }))}
                onChange={(p: string) => {
                  setPeriod(p);
                  list.search({ ...list.filter, period: p });
                }}
              />
            </Form.Item>
            <Permission value={[FINANCE_PERMISSIONS.billsGenerate]}>
              <Button type="primary" loading={busy} onClick={generate} data-testid="bills-generate">
                {b('generate')}
              </Button>
            </Permission>
          </Space>
          {summary && (
            <Descriptions size="small" bordered column={4} data-testid="bills-summary">
              {summary.rows.map((r) => (
                <Descriptions.Item
                  key={`${r.projectNo}-${r.kind}-${r.currency}`}
                  label={`${r.projectNo} · ${b(`kinds.${r.kind}`)}`}
                >
                  {`${formatMoney(r.gross, r.currency)} (${r.events})`}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          {summary && summary.exceptions > 0 && (
            <Alert type="warning" showIcon message={b('exceptions', { count: summary.exceptions })} />
          )}
        </Space>
      }
      actions={{ width: 150, items: actions }}
    >
      <SpecimensModal event={drill} onClose={() => setDrill(null)} />
    </ListPage>
  );
}

/** The specimens behind a storage accrual, with their days in the class over the period. */
function SpecimensModal({ event, onClose }: { event: EventRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: b } = useTranslation('finance', { keyPrefix: 'bills' });
  const rows = useEndpointQuery(
    (c) => c.bills.storageSpecimens,
    { params: { id: event?.id ?? 0 } },
    { enabled: event !== null },
  ).data?.data;
  return (
    <ViewModal
      open={event !== null}
      width={640}
      title={b('specimensTitle', { source: event?.sourceLabel ?? '' })}
      onCancel={onClose}
    >
      <Table
        size="small"
        rowKey="specimenId"
        dataSource={rows ?? []}
        loading={!rows}
        pagination={{ pageSize: 20 }}
        data-testid="bill-specimens"
        columns={[
          { dataIndex: 'barcode', title: t('fields.barcode') },
          { dataIndex: 'days', title: b('days'), align: 'right' },
        ]}
      />
    </ViewModal>
  );
}
