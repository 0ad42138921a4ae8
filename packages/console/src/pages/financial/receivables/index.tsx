// /financial/receivables (docs/finance.md "Receivables"): the aging of what customers owe (each
// bucket opens the statements it counts), burn-down alerts, the confirmed statements' balances,
// payments recorded and allocated (and undone with a reason), contract burn-down and unbilled work.
// The home to-do opens it on `?tab=burn&alert=near&alert=over`: the contracts it counted.
import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingRow,
  type BodyOf,
  BURN_ALERTS,
  BURN_ALERTS_RAISED,
  type BurnDownRow,
  CURRENCIES,
  type DataOf,
  DEFAULT_CURRENCY,
  dec,
  formatMoney,
  RECEIVABLE_PERMISSIONS as P,
  PAYMENT_STATES,
  type PaymentState,
  type UnbilledRow,
} from '@trialab/api-contract';
import { Alert, Button, Col, Form, Input, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { CustomerSelect } from '../../../components/CustomerSelect';
import { StaticTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import {
  type ListColumn,
  ListPage,
  type ListState,
  useListPage,
  useUrlTab,
} from '../../../components/ListPage';
import { NumberInput } from '../../../components/NumberInput';
import type { RowAction } from '../../../components/RowActions';
import { ScanField } from '../../../components/ScanField';
import { ViewModal } from '../../../components/ViewModal';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

type Api = Contract['receivables'];
type BalanceRow = DataOf<Api['balances']>[number];
type PaymentRow = DataOf<Api['payments']>[number];
type BalanceFilter = Omit<BodyOf<Api['balances']>, 'page' | 'size'>;
type BurnFilter = Omit<BodyOf<Api['burnDown']>, 'page' | 'size'>;
type PaymentFilter = Omit<BodyOf<Api['payments']>, 'page' | 'size'>;
type RecordValues = BodyOf<Api['recordPayment']>;

const STATE_COLORS: Record<PaymentState, string> = {
  paid: 'success',
  'partly-paid': 'processing',
  unpaid: 'error',
};
const invalidates = [
  (c: Contract) => c.receivables.balances,
  (c: Contract) => c.receivables.payments,
  (c: Contract) => c.receivables.payment,
  (c: Contract) => c.receivables.aging,
];

type Tab = 'balances' | 'payments' | 'burn' | 'unbilled';
/** `?tab=` opens a tab (the home to-do's burn-down link). */
const TABS: Record<string, Tab> = {
  balances: 'balances',
  payments: 'payments',
  burn: 'burn',
  unbilled: 'unbilled',
};

export default function ReceivablesPage() {
  const { t } = useTranslation('receivables');
  const [tab, setTab] = useUrlTab<Tab>(TABS, 'balances', 'tab');
  const balances = useListPage((c) => c.receivables.balances, {} as BalanceFilter);
  // `?alert=near&alert=over` (the home to-do): the contracts whose alert it counted.
  const burn = useListPage((c) => c.receivables.burnDown, {} as BurnFilter, { url: { alert: 'many' } });
  // A bucket opens the statements it counts: the same filter the aging was computed with.
  const openBucket = (customerId: number | null, bucket: AgingBucket | 'total') => {
    setTab('balances');
    balances.search({
      customerId: customerId ?? undefined,
      open: true,
      ...(bucket === 'total' ? {} : { bucket }),
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Aging onOpen={openBucket} />
      <BurnAlerts />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'balances', label: t('tabs.balances'), children: <Balances list={balances} /> },
          { key: 'payments', label: t('tabs.payments'), children: <Payments /> },
          { key: 'burn', label: t('tabs.burn'), children: <BurnDown list={burn} /> },
          { key: 'unbilled', label: t('tabs.unbilled'), children: <Unbilled /> },
        ]}
      />
    </Space>
  );
}

/** Outstanding per customer and currency by days past due; each figure opens its statements. */
function Aging({ onOpen }: { onOpen(customerId: number | null, bucket: AgingBucket | 'total'): void }) {
  const { t } = useTranslation('receivables');
  const aging = useEndpointQuery((c) => c.receivables.aging, { body: {} }).data?.data;
  const cell = (bucket: AgingBucket | 'total') => ({
    dataIndex: bucket,
    title: t(`buckets.${bucket}`),
    width: 135,
    align: 'right' as const,
    render: (_: unknown, row: AgingRow) =>
      row.counts[bucket] === 0 ? (
        '-'
      ) : (
        <Typography.Link
          data-testid={`aging-${bucket}-${row.customerId}-${row.currency}`}
          onClick={() => onOpen(row.customerId, bucket)}
        >
          {/* The row's currency has its own column: the figure alone fits its cell at 1440x900. */}
          {`${formatMoney(row.amounts[bucket])} (${row.counts[bucket]})`}
        </Typography.Link>
      ),
  });
  return (
    <div data-testid="receivables-aging">
      <Typography.Title level={5}>{t('agingTitle', { day: aging?.asOf ?? '' })}</Typography.Title>
      <StaticTable<AgingRow>
        rowKey={(r) => `${r.customerId}-${r.currency}`}
        loading={!aging}
        dataSource={aging?.rows ?? []}
        columns={[
          {
            dataIndex: 'customerName',
            title: t('customer'),
            width: 130,
            render: (v: string | null) => v ?? '-',
          },
          { dataIndex: 'currency', title: t('currency'), width: 90 },
          ...AGING_BUCKETS.map(cell),
          cell('total'),
        ]}
      />
    </div>
  );
}

/** Contracts whose billing reached 80 % or 100 % of their value (in words, not colour alone). */
function BurnAlerts() {
  const { t } = useTranslation('receivables');
  const alerts =
    useEndpointQuery((c) => c.receivables.burnDown, {
      body: { alert: [...BURN_ALERTS_RAISED], size: 100 },
    }).data?.data ?? [];
  if (alerts.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="burn-alerts">
      {alerts.map((r) => (
        <Alert
          key={r.contractId}
          type={r.alert === 'over' ? 'error' : 'warning'}
          showIcon
          message={t(`burnAlert.${r.alert as 'near' | 'over'}`, {
            contract: r.contractNumber,
            customer: r.customerName,
            rate: percent(r.burnRate),
            billed: formatMoney(r.billedAmount, r.currency),
            value: formatMoney(r.contractAmount, r.currency),
          })}
        />
      ))}
    </Space>
  );
}

/** The customer column, filtered by the customer picker (balances, payments, burn-down). */
function customerColumn<T extends object>(title: string, width: number): ListColumn<T> {
  return {
    dataIndex: 'customerName',
    title,
    width,
    render: (v: string | null) => v ?? '-',
    filter: { name: 'customerId', input: <CustomerSelect allowClear style={{ width: 220 }} /> },
  };
}

/** An amount in its row's currency. */
const money = (v: string, r: { currency: string }) => formatMoney(v, r.currency);

const percent = (rate: string | null) =>
  rate === null ? '-' : `${dec(rate).mul('100').round(2).toString()}%`;

function Balances({ list }: { list: ListState<BalanceRow, BalanceFilter> }) {
  const { t } = useTranslation('receivables');
  const columns: ListColumn<BalanceRow>[] = [
    {
      dataIndex: 'number',
      title: t('number'),
      width: 110,
      filter: { name: 'keyword', input: <Input allowClear maxLength={64} placeholder={t('keywordHint')} /> },
    },
    { dataIndex: 'projectNo', title: t('project'), width: 110 },
    customerColumn(t('customer'), 100),
    { dataIndex: 'period', title: t('period'), width: 80 },
    {
      dataIndex: 'dueAmount',
      title: t('due'),
      width: 120,
      align: 'right',
      render: (v: string, r) => formatMoney(v, r.currency),
    },
    {
      dataIndex: 'paidAmount',
      title: t('paid'),
      width: 115,
      align: 'right',
      render: (v: string, r) => formatMoney(v, r.currency),
    },
    {
      dataIndex: 'outstandingAmount',
      title: t('outstanding'),
      width: 120,
      align: 'right',
      render: (v: string, r) => formatMoney(v, r.currency),
    },
    {
      dataIndex: 'state',
      title: t('state'),
      width: 95,
      render: (v: PaymentState) => <Tag color={STATE_COLORS[v]}>{t(`states.${v}`)}</Tag>,
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 130 }}
            options={PAYMENT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          />
        ),
      },
    },
    {
      // The due day; how it is reckoned (confirmed on, the contract's payment days) on hover.
      dataIndex: 'dueOn',
      title: t('dueOn'),
      width: 100,
      render: (v: string, r) => (
        <span title={t('dueReckoned', { day: r.confirmedOn, days: r.paymentDays })}>{v}</span>
      ),
    },
    {
      // Days to or past the due day; the bucket they fall in on hover (and in the filter).
      dataIndex: 'bucket',
      title: t('aging'),
      width: 90,
      render: (v: AgingBucket, r) =>
        r.state === 'paid' ? (
          '-'
        ) : (
          <span title={t(`buckets.${v}`)}>
            {r.daysPastDue < 0
              ? t('notDue', { days: -r.daysPastDue })
              : t('pastDue', { days: r.daysPastDue })}
          </span>
        ),
      filter: {
        input: (
          <Select
            allowClear
            style={{ width: 140 }}
            options={AGING_BUCKETS.map((b) => ({ value: b, label: t(`buckets.${b}`) }))}
          />
        ),
      },
    },
  ];
  return (
    <ListPage<BalanceRow, BalanceFilter>
      list={list}
      rowKey="statementId"
      code="financial.receivables.balances"
      columns={columns}
    />
  );
}

function Payments() {
  const { t } = useTranslation('receivables');
  const list = useListPage((c) => c.receivables.payments, {} as PaymentFilter);
  const [recording, setRecording] = useState(false);
  const [allocating, setAllocating] = useState<PaymentRow | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const record = useEndpointMutation((c) => c.receivables.recordPayment, { invalidates });
  const columns: ListColumn<PaymentRow>[] = [
    { dataIndex: 'receivedOn', title: t('receivedOn'), width: 110 },
    customerColumn(t('customer'), 100),
    { dataIndex: 'amount', title: t('amount'), width: 120, align: 'right', render: money },
    { dataIndex: 'allocatedAmount', title: t('allocated'), width: 115, align: 'right', render: money },
    { dataIndex: 'unallocatedAmount', title: t('unallocated'), width: 120, align: 'right', render: money },
    {
      dataIndex: 'bankRef',
      title: t('bankRef'),
      width: 160,
      filter: {
        name: 'keyword',
        input: <Input allowClear maxLength={64} placeholder={t('paymentKeywordHint')} />,
      },
    },
    { dataIndex: 'payer', title: t('payer'), width: 90 },
    { dataIndex: 'note', title: t('note'), width: 85, render: (v: string | null) => v ?? '-' },
  ];
  const actions: RowAction<PaymentRow>[] = [
    { label: t('view'), testId: (r) => `payment-view-${r.id}`, onClick: (r) => setViewing(r.id) },
    {
      label: t('allocate'),
      permission: P.record,
      testId: (r) => `payment-allocate-${r.id}`,
      hidden: (r) => dec(r.unallocatedAmount).cmp('0') <= 0,
      onClick: setAllocating,
    },
  ];
  return (
    <ListPage<PaymentRow, PaymentFilter>
      list={list}
      rowKey="id"
      code="financial.receivables.payments"
      columns={columns}
      toolbar={
        <Permission value={[P.record]}>
          <Button type="primary" onClick={() => setRecording(true)} data-testid="payment-record">
            {t('record')}
          </Button>
        </Permission>
      }
      actions={{ width: 130, items: actions }}
    >
      <FormModal<RecordValues>
        open={recording}
        title={t('recordTitle')}
        width={720}
        name="payment"
        testId="payment-form"
        initialValues={{ currency: DEFAULT_CURRENCY } as RecordValues}
        onClose={() => setRecording(false)}
        onSave={(values) => record.mutateAsync({ body: values })}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="customerId" label={t('customer')} rules={[rules.required(t('customer'))]}>
              <CustomerSelect />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="currency" label={t('currency')}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="amount" label={t('amount')} rules={[rules.required(t('amount'))]}>
              <NumberInput digit={2} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="receivedOn" label={t('receivedOn')} rules={[rules.required(t('receivedOn'))]}>
              <Input placeholder="YYYY-MM-DD" maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="bankRef"
              label={t('bankRef')}
              rules={[rules.required(t('bankRef')), rules.max(t('bankRef'), 64)]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="payer"
              label={t('payer')}
              rules={[rules.required(t('payer')), rules.max(t('payer'), 128)]}
            >
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="note" label={t('note')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="slipFileId" label={t('slip')}>
              <ScanField testId="payment-slip-upload" name="bank-slip" />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
      {allocating && <Allocate payment={allocating} onClose={() => setAllocating(null)} />}
      <PaymentView id={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}

/** Allocating a payment: the customer's confirmed statements in its currency with something outstanding. */
function Allocate({ payment, onClose }: { payment: PaymentRow; onClose(): void }) {
  const { t } = useTranslation('receivables');
  const open = useEndpointQuery((c) => c.receivables.balances, {
    body: { customerId: payment.customerId, currency: payment.currency, open: true, size: 50 },
  }).data?.data;
  const allocate = useEndpointMutation((c) => c.receivables.allocatePayment, { invalidates });
  return (
    <FormModal<{ amounts: Record<string, string | undefined> }>
      open
      title={t('allocateTitle', {
        payment: payment.bankRef,
        rest: formatMoney(payment.unallocatedAmount, payment.currency),
      })}
      width={900}
      name="allocation"
      testId="allocation-form"
      initialValues={{ amounts: {} }}
      onClose={onClose}
      onSave={(values) =>
        allocate.mutateAsync({
          params: { id: payment.id },
          body: {
            lines: Object.entries(values.amounts)
              .filter(([, amount]) => amount && dec(amount).cmp('0') > 0)
              .map(([statementId, amount]) => ({ statementId: Number(statementId), amount: amount ?? '0' })),
          },
        })
      }
    >
      <StaticTable<BalanceRow>
        rowKey="statementId"
        loading={!open}
        dataSource={open ?? []}
        paged={false}
        columns={[
          { dataIndex: 'number', title: t('number'), width: 140 },
          { dataIndex: 'projectNo', title: t('project'), width: 120 },
          { dataIndex: 'dueOn', title: t('dueOn'), width: 110 },
          {
            dataIndex: 'outstandingAmount',
            title: t('outstanding'),
            width: 150,
            align: 'right',
            render: (v: string, r) => formatMoney(v, r.currency),
          },
          {
            dataIndex: 'statementId',
            title: t('allocateAmount'),
            width: 170,
            render: (id: number) => (
              <Form.Item name={['amounts', String(id)]} style={{ marginBottom: 0 }}>
                <NumberInput
                  digit={2}
                  aria-label={t('allocateAmount')}
                  data-testid={`allocate-amount-${id}`}
                />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormModal>
  );
}

/** A payment and its allocations, undone ones kept with who, when and why; undo with a reason. */
function PaymentView({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('receivables');
  const detail = useEndpointQuery(
    (c) => c.receivables.payment,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const undo = useEndpointMutation((c) => c.receivables.unallocatePayment, { invalidates });
  const [undoing, setUndoing] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  type Allocation = NonNullable<typeof detail>['allocations'][number];
  return (
    <ViewModal
      open={id !== null}
      width={900}
      title={t('paymentTitle', { ref: detail?.bankRef ?? '' })}
      onCancel={onClose}
    >
      {detail && (
        <Typography.Paragraph>
          {`${detail.customerName} · ${detail.receivedOn} · ${formatMoney(detail.amount, detail.currency)} · ${t('unallocated')} ${formatMoney(detail.unallocatedAmount, detail.currency)}`}
        </Typography.Paragraph>
      )}
      <StaticTable<Allocation>
        rowKey="id"
        paged={false}
        dataSource={detail?.allocations ?? []}
        columns={[
          { dataIndex: 'statementNumber', title: t('number'), width: 140 },
          { dataIndex: 'projectNo', title: t('project'), width: 120 },
          {
            dataIndex: 'amount',
            title: t('amount'),
            width: 130,
            align: 'right',
            render: (v: string) => formatMoney(v, detail?.currency),
          },
          { dataIndex: 'creatorName', title: t('allocatedBy'), width: 100 },
          {
            dataIndex: 'unallocatedAt',
            title: t('allocationState'),
            width: 260,
            render: (_: unknown, a: Allocation) =>
              a.unallocatedAt ? (
                <Tag>{t('undone', { who: a.unallocatorName ?? '', reason: a.unallocateReason ?? '' })}</Tag>
              ) : (
                <Space>
                  <Tag color="success">{t('inEffect')}</Tag>
                  <Permission value={[P.unallocate]}>
                    <Typography.Link data-testid={`allocation-undo-${a.id}`} onClick={() => setUndoing(a.id)}>
                      {t('undo')}
                    </Typography.Link>
                  </Permission>
                </Space>
              ),
          },
        ]}
      />
      {undoing !== null && (
        <Space style={{ marginTop: 12 }}>
          <Input
            aria-label={t('undoReason')}
            placeholder={t('undoReason')}
            maxLength={255}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="allocation-undo-reason"
          />
          <Button
            danger
            disabled={reason.trim() === ''}
            onClick={() =>
              void undo.mutateAsync({ params: { id: undoing }, body: { reason } }).then(() => {
                setUndoing(null);
                setReason('');
              })
            }
          >
            {t('undo')}
          </Button>
        </Space>
      )}
    </ViewModal>
  );
}

/** Contracts with billed ÷ value; filtered by customer and alert (the home to-do's link sets the alert). */
function BurnDown({ list }: { list: ListState<BurnDownRow, BurnFilter> }) {
  const { t } = useTranslation('receivables');
  const columns: ListColumn<BurnDownRow>[] = [
    { dataIndex: 'contractNumber', title: t('contract'), width: 170 },
    customerColumn(t('customer'), 220),
    { dataIndex: 'contractAmount', title: t('contractValue'), width: 150, align: 'right', render: money },
    { dataIndex: 'billedAmount', title: t('billed'), width: 150, align: 'right', render: money },
    { dataIndex: 'burnRate', title: t('burnRate'), width: 120, align: 'right', render: percent },
    {
      dataIndex: 'alert',
      title: t('alert'),
      width: 130,
      render: (v: BurnDownRow['alert'], r) => (
        <Tag
          color={v === 'over' ? 'error' : v === 'near' ? 'warning' : 'default'}
          data-testid={`burn-alert-${r.contractId}`}
        >
          {t(`alerts.${v}`)}
        </Tag>
      ),
      filter: {
        input: (
          <Select
            mode="multiple"
            allowClear
            style={{ width: 260 }}
            data-testid="burn-alert-filter"
            options={BURN_ALERTS.map((a) => ({ value: a, label: t(`alerts.${a}`) }))}
          />
        ),
      },
    },
  ];
  return (
    <ListPage<BurnDownRow, BurnFilter>
      list={list}
      rowKey="contractId"
      code="financial.receivables.burn"
      columns={columns}
    />
  );
}

function Unbilled() {
  const { t } = useTranslation('receivables');
  const rows = useEndpointQuery((c) => c.receivables.unbilled, { body: {} }).data?.data;
  return (
    <StaticTable<UnbilledRow>
      rowKey={(r) => `${r.projectId}-${r.currency}`}
      loading={!rows}
      dataSource={rows ?? []}
      columns={[
        { dataIndex: 'projectNo', title: t('project'), width: 120 },
        { dataIndex: 'projectName', title: t('projectName'), width: 220 },
        {
          dataIndex: 'customerName',
          title: t('customer'),
          width: 220,
          render: (v: string | null) => v ?? '-',
        },
        { dataIndex: 'events', title: t('events'), width: 90, align: 'right' },
        {
          dataIndex: 'unbilledAmount',
          title: t('unbilledAmount'),
          width: 150,
          align: 'right',
          render: (v: string, r) => formatMoney(v, r.currency),
        },
        {
          dataIndex: 'firstDay',
          title: t('workDays'),
          width: 200,
          render: (_: string, r) => `${r.firstDay} ~ ${r.lastDay}`,
        },
      ]}
    />
  );
}
