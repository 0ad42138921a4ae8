// The adjustment pages (docs/finance.md "Adjustments"): /financial/adjustment-final-statement (every
// adjustment; a new one credits or debits lines of a confirmed statement) and
// /financial/review-adjustment (drafts: review with an e-signature, not by their maker; cancel).
import {
  ADJUSTMENT_SIGNATURE_MEANING,
  type ADJUSTMENT_STATES,
  type AdjustmentDirection,
  type AdjustmentRow,
  adjustmentWorkflow,
  Decimal,
  formatMoney,
  STATEMENT_PERMISSIONS as P,
  type StatementLine,
} from '@trialab/api-contract';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../access/gates';
import { col } from '../../components/columns';
import { DataTable } from '../../components/DataTable';
import { FormModal } from '../../components/FormModal';
import { dash } from '../../components/format';
import { rules } from '../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../components/ListPage';
import { pagedTable, usePaged } from '../../components/usePaged';
import { QueueActions, step } from '../../components/WorkflowActions/QueueActions';
import { callEndpoint } from '../../services/endpoint';
import { useEndpointQuery } from '../../services/query';
import { useSession } from '../../stores/session';
import { feedback } from '../../utils/feedback';

interface Filter {
  status?: (typeof ADJUSTMENT_STATES)[number];
  keyword?: string;
}

/** `review`: the drafts' queue; `all`: every adjustment, and new ones. */
export function AdjustmentList({ mode }: { mode: 'review' | 'all' }) {
  const { t } = useTranslation('statements', { keyPrefix: 'adjustment' });
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage(
    (c) => c.adjustment.paging,
    (mode === 'review' ? { status: 'draft' } : {}) as Filter,
    { url: { status: 'one' } },
  );
  const [creating, setCreating] = useState(false);
  const columns: ListColumn<AdjustmentRow>[] = [
    {
      dataIndex: 'statementNumber',
      title: t('statement'),
      width: 130,
      filter: { name: 'keyword', label: t('keyword') },
    },
    { dataIndex: 'seq', title: t('seq'), width: 50, align: 'right' },
    col.statusFilter<AdjustmentRow>(adjustmentWorkflow),
    col.projectNo<AdjustmentRow>(),
    { dataIndex: 'reason', title: t('reason'), width: 160 },
    {
      dataIndex: 'gross',
      title: t('gross'),
      width: 130,
      align: 'right',
      render: (v: string, row) => formatMoney(v, row.currency),
    },
    { dataIndex: 'creatorName', title: t('creator'), width: 90 },
    ...(mode === 'all'
      ? [
          {
            dataIndex: 'reviewerName',
            title: t('reviewer'),
            width: 90,
            render: (v: string | null) => dash(v),
          },
        ]
      : []),
  ];
  return (
    <ListPage<AdjustmentRow, Filter>
      list={list}
      rowKey="id"
      code={mode === 'review' ? 'financial.adjustmentReview' : 'financial.adjustment'}
      columns={columns}
      toolbar={
        mode === 'all' ? (
          <Permission value={[P.adjustmentCreate]}>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="adjustment-create">
              {t('create')}
            </Button>
          </Permission>
        ) : undefined
      }
      actions={{
        width: mode === 'review' ? 190 : 150,
        render: (row) => {
          const params = { id: row.id };
          return (
            <QueueActions
              workflow={adjustmentWorkflow}
              row={row}
              userId={userId}
              done={t('done')}
              reload={list.reload}
              before={
                <Button
                  type="link"
                  size="small"
                  data-testid={`adjustment-view-${row.id}`}
                  onClick={() => navigate(`/financial/final-statement-detail?id=${row.statementId}`)}
                >
                  {t('view')}
                </Button>
              }
              steps={{
                ...(mode === 'review'
                  ? {
                      review: step.signed({
                        label: t('review'),
                        testId: `adjustment-review-${row.id}`,
                        signature: ADJUSTMENT_SIGNATURE_MEANING,
                        call: (body) => callEndpoint((c) => c.adjustment.review, { params, body }),
                      }),
                    }
                  : {}),
                cancel: step.reason({
                  label: t('cancel'),
                  testId: `adjustment-cancel-${row.id}`,
                  reason: {
                    title: t('cancelTitle', { seq: row.seq, number: row.statementNumber }),
                    placeholder: t('cancelPlaceholder'),
                    testId: 'adjustment-cancel-reason',
                  },
                  call: (body) => callEndpoint((c) => c.adjustment.cancel, { params, body }),
                }),
              }}
            />
          );
        },
      }}
    >
      {creating && <CreateAdjustment onClose={() => setCreating(false)} onSaved={list.reload} />}
    </ListPage>
  );
}

interface LineInput {
  direction?: AdjustmentDirection;
  amount?: string;
}
interface CreateValues {
  statementId: number;
  reason: string;
  lines: Record<string, LineInput>;
}

/** A new adjustment: a confirmed statement, then an amount (credit or debit) on any of its lines. */
function CreateAdjustment({ onClose, onSaved }: { onClose(): void; onSaved(): Promise<void> }) {
  const { t } = useTranslation('statements', { keyPrefix: 'adjustment' });
  const { t: s } = useTranslation('statements', { keyPrefix: 'statement' });
  const [statementId, setStatementId] = useState<number | null>(null);
  const confirmed =
    useEndpointQuery((c) => c.statement.paging, { body: { status: 'confirmed', page: 1, size: 100 } }).data
      ?.data ?? [];
  const detail = useEndpointQuery(
    (c) => c.statement.get,
    { params: { id: statementId ?? 0 } },
    { enabled: statementId !== null },
  ).data?.data;
  // The charges a credit or debit may name, a page at a time (amounts typed on other pages are kept).
  const lines = usePaged(
    (c) => c.statement.lines,
    { direction: 'charge' },
    { params: { id: statementId ?? 0 }, enabled: statementId !== null },
  );
  const left = (l: StatementLine) => Decimal.of(l.gross).add(l.credited).toFixed(2);
  return (
    <FormModal<CreateValues>
      open
      width={1000}
      title={t('createTitle')}
      name="adjustmentCreate"
      testId="adjustment-create-form"
      savedMessage={t('created')}
      onClose={onClose}
      onSave={async (values) => {
        const lines = Object.entries(values.lines ?? {})
          .filter(([, l]) => l.amount?.trim())
          .map(([id, l]) => ({
            statementLineId: Number(id),
            direction: l.direction ?? 'credit',
            amount: l.amount?.trim() ?? '',
          }));
        if (lines.length === 0) {
          feedback.error(t('linesRequired'));
          throw new Error(t('linesRequired'));
        }
        await callEndpoint((c) => c.adjustment.create, {
          body: { statementId: values.statementId, reason: values.reason, lines },
        });
        await onSaved();
      }}
    >
      <Form.Item name="statementId" label={t('chooseStatement')} rules={[rules.chosen(t('chooseStatement'))]}>
        <Select
          data-testid="adjustment-statement"
          onChange={(v: number) => setStatementId(v)}
          options={confirmed.map((r) => ({
            value: r.id,
            label: `${r.number} · ${r.projectNo} · ${r.period} · ${formatMoney(r.gross, r.currency)}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={[rules.required(t('reason')), rules.max(t('reason'), 255)]}
      >
        <Input maxLength={255} />
      </Form.Item>
      {detail && (
        <>
          <Alert type="info" showIcon message={t('amountHint')} style={{ marginBottom: 8 }} />
          <Typography.Text type="secondary">{detail.currency}</Typography.Text>
          <DataTable<StatementLine>
            rowKey="id"
            {...pagedTable(lines)}
            label={s('lines')}
            columns={[
              { dataIndex: 'sourceLabel', title: s('source') },
              { dataIndex: 'serviceKey', title: s('service'), width: 180 },
              { dataIndex: 'gross', title: s('gross'), width: 110, align: 'right' as const },
              {
                key: 'left',
                title: t('left'),
                width: 110,
                align: 'right' as const,
                render: (_: unknown, l) => left(l),
              },
              {
                key: 'direction',
                title: t('direction'),
                width: 130,
                render: (_: unknown, l) => (
                  <Form.Item name={['lines', String(l.id), 'direction']} initialValue="credit" noStyle>
                    <Select
                      aria-label={t('direction')}
                      style={{ width: 120 }}
                      options={(['credit', 'debit'] as const).map((d) => ({
                        value: d,
                        label: t(`directions.${d}`),
                      }))}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'amount',
                title: t('amount'),
                width: 130,
                render: (_: unknown, l) => (
                  <Form.Item name={['lines', String(l.id), 'amount']} noStyle>
                    <Input
                      aria-label={`${t('amount')} ${l.sourceLabel}`}
                      data-testid={`adjustment-amount-${l.id}`}
                      inputMode="decimal"
                      maxLength={16}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        </>
      )}
    </FormModal>
  );
}
