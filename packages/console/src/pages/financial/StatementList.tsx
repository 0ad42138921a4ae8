// The statement queues (docs/finance.md "Statements"): /financial/review-final-statement (drafts:
// generate, review with an e-signature, cancel) and /financial/confirm-final-statement (reviewed:
// confirm with the customer's signed statement; confirmed: the fapiao, the PDF). A row opens
// /financial/final-statement-detail.
import {
  type BodyOf,
  DEFAULT_CURRENCY,
  formatMoney,
  STATEMENT_PERMISSIONS as P,
  STATEMENT_SIGNATURE_MEANINGS,
  type STATEMENT_STATES,
  type StatementRow,
  statementWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../access/gates';
import { col } from '../../components/columns';
import { FormModal } from '../../components/FormModal';
import { dash, inLanguage } from '../../components/format';
import { rules } from '../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../components/ListPage';
import { ProjectSelect } from '../../components/ProjectSelect';
import { ScanField } from '../../components/ScanField';
import { QueueActions, step } from '../../components/WorkflowActions/QueueActions';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { useSession } from '../../stores/session';
import { recentPeriods } from './bills';
import { StatementFiles } from './StatementFiles';

interface Filter {
  status?: (typeof STATEMENT_STATES)[number];
  keyword?: string;
  projectId?: number;
}

const money = (value: string, currency?: string) => formatMoney(value, currency);
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** `review`: the drafts' queue; `confirm`: the reviewed and confirmed statements. */
export function StatementList({ mode }: { mode: 'review' | 'confirm' }) {
  const { t } = useTranslation('statements', { keyPrefix: 'statement' });
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage(
    (c) => c.statement.paging,
    { status: mode === 'review' ? 'draft' : 'reviewed' } as Filter,
    { url: { status: 'one' } },
  );
  const [generating, setGenerating] = useState(false);
  const [confirming, setConfirming] = useState<StatementRow | null>(null);
  const [fapiao, setFapiao] = useState<StatementRow | null>(null);
  const columns: ListColumn<StatementRow>[] = [
    {
      dataIndex: 'number',
      title: t('number'),
      width: 130,
      render: (v: string | null) => v ?? <span title={t('unnumbered')}>-</span>,
      filter: { name: 'keyword', label: t('keyword') },
    },
    col.statusFilter<StatementRow>(statementWorkflow),
    { dataIndex: 'period', title: t('period'), width: 75 },
    {
      ...col.projectNo<StatementRow>(),
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 200 }} /> },
    },
    { dataIndex: 'customerName', title: t('customer'), width: 130, render: (v: string | null) => dash(v) },
    ...(mode === 'review'
      ? [{ dataIndex: 'lineCount', title: t('lines'), width: 60, align: 'right' as const }]
      : []),
    {
      dataIndex: 'gross',
      title: t('gross'),
      width: 140,
      align: 'right',
      render: (v: string, row) => money(v, row.currency),
    },
    mode === 'confirm'
      ? {
          dataIndex: 'fapiaoNo',
          title: t('fapiao'),
          width: 170,
          render: (v: string | null, row: StatementRow) => (v ? `${v} ${row.fapiaoDate ?? ''}` : '-'),
        }
      : { dataIndex: 'creatorName', title: t('creator'), width: 90 },
  ];

  return (
    <ListPage<StatementRow, Filter>
      list={list}
      rowKey="id"
      code={mode === 'review' ? 'financial.statementReview' : 'financial.statementConfirm'}
      columns={columns}
      toolbar={
        mode === 'review' ? (
          <Permission value={[P.statementCreate]}>
            <Button type="primary" onClick={() => setGenerating(true)} data-testid="statement-generate">
              {t('generate')}
            </Button>
          </Permission>
        ) : undefined
      }
      actions={{
        width: mode === 'review' ? 190 : 170,
        render: (row) => {
          const params = { id: row.id };
          return (
            <QueueActions
              workflow={statementWorkflow}
              row={row}
              userId={userId}
              done={t('done')}
              reload={list.reload}
              before={
                <Button
                  type="link"
                  size="small"
                  data-testid={`statement-view-${row.id}`}
                  onClick={() => navigate(`/financial/final-statement-detail?id=${row.id}`)}
                >
                  {t('view')}
                </Button>
              }
              after={
                mode === 'confirm' && row.status === 'confirmed' ? (
                  <>
                    <Permission value={[P.statementInvoice]}>
                      <Button
                        type="link"
                        size="small"
                        data-testid={`statement-fapiao-${row.id}`}
                        onClick={() => setFapiao(row)}
                      >
                        {t('fapiao')}
                      </Button>
                    </Permission>
                    <StatementFiles id={row.id} number={row.number} inRow />
                  </>
                ) : undefined
              }
              steps={
                mode === 'review'
                  ? {
                      review: step.signed({
                        label: t('review'),
                        testId: `statement-review-${row.id}`,
                        signature: STATEMENT_SIGNATURE_MEANINGS.review,
                        call: (body) => callEndpoint((c) => c.statement.review, { params, body }),
                      }),
                      cancel: step.reason({
                        label: t('cancel'),
                        testId: `statement-cancel-${row.id}`,
                        reason: {
                          title: t('cancelTitle', { period: row.period }),
                          placeholder: t('cancelPlaceholder'),
                          testId: 'statement-cancel-reason',
                        },
                        call: (body) => callEndpoint((c) => c.statement.cancel, { params, body }),
                      }),
                    }
                  : {
                      confirm: {
                        label: t('confirm'),
                        testId: `statement-confirm-${row.id}`,
                        onClick: () => setConfirming(row),
                      },
                    }
              }
            />
          );
        },
      }}
    >
      {generating && (
        <GenerateModal
          onClose={() => setGenerating(false)}
          onSaved={async () => {
            await list.reload();
          }}
        />
      )}
      {confirming && (
        <ConfirmModal row={confirming} onClose={() => setConfirming(null)} onSaved={list.reload} />
      )}
      {fapiao && <FapiaoModal row={fapiao} onClose={() => setFapiao(null)} onSaved={list.reload} />}
    </ListPage>
  );
}

function GenerateModal({ onClose, onSaved }: { onClose(): void; onSaved(): Promise<void> }) {
  const { t } = useTranslation('statements', { keyPrefix: 'statement' });
  const periods = recentPeriods(new Date());
  return (
    <FormModal<BodyOf<Contract['statement']['generate']>>
      open
      title={t('generateTitle')}
      name="statementGenerate"
      testId="statement-generate-form"
      initialValues={{ period: periods[0] }}
      savedMessage={t('generated')}
      onClose={onClose}
      onSave={async (values) => {
        await callEndpoint((c) => c.statement.generate, { body: values });
        await onSaved();
      }}
    >
      <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
        <ProjectSelect />
      </Form.Item>
      <Form.Item name="period" label={t('period')} rules={[rules.chosen(t('period'))]}>
        <Select options={periods.map((p) => ({ value: p, label: p }))} />
      </Form.Item>
    </FormModal>
  );
}

interface ConfirmValues {
  signedFileId: number;
  fxRate?: string;
  fxDate?: Dayjs;
}

function ConfirmModal({
  row,
  onClose,
  onSaved,
}: {
  row: StatementRow;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t, i18n } = useTranslation('statements', { keyPrefix: 'statement' });
  const foreign = row.currency !== DEFAULT_CURRENCY;
  return (
    <FormModal<ConfirmValues>
      open
      title={t('confirmTitle', { period: row.period, project: row.projectNo })}
      name="statementConfirm"
      testId="statement-confirm-form"
      signature={inLanguage(STATEMENT_SIGNATURE_MEANINGS.confirm, i18n.language)}
      onClose={onClose}
      onSave={async (values, password) => {
        await callEndpoint((c) => c.statement.confirm, {
          params: { id: row.id },
          body: {
            version: row.version,
            signedFileId: values.signedFileId,
            fxRate: foreign ? (values.fxRate ?? null) : null,
            fxDate: foreign ? day(values.fxDate) : null,
            signature: { password: password ?? '' },
          },
        });
        await onSaved();
      }}
    >
      <Form.Item name="signedFileId" label={t('signed')} rules={[rules.chosen(t('signed'))]}>
        <ScanField testId="statement-signed-upload" name="statement" />
      </Form.Item>
      {foreign && (
        <>
          <Alert
            type="info"
            showIcon
            message={t('fxHint', { currency: row.currency })}
            style={{ marginBottom: 16 }}
          />
          <Form.Item name="fxRate" label={t('fxRate')} rules={[rules.required(t('fxRate'))]}>
            <Input inputMode="decimal" maxLength={16} />
          </Form.Item>
          <Form.Item name="fxDate" label={t('fxDate')} rules={[rules.chosen(t('fxDate'))]}>
            <DatePicker />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

function FapiaoModal({
  row,
  onClose,
  onSaved,
}: {
  row: StatementRow;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation('statements', { keyPrefix: 'statement' });
  return (
    <FormModal<{ fapiaoNo: string; fapiaoDate: Dayjs }>
      open
      title={t('fapiaoTitle', { number: row.number ?? '' })}
      name="statementFapiao"
      testId="statement-fapiao-form"
      savedMessage={t('fapiaoSaved')}
      onClose={onClose}
      onSave={async (values) => {
        await callEndpoint((c) => c.statement.fapiao, {
          params: { id: row.id },
          body: { version: row.version, fapiaoNo: values.fapiaoNo, fapiaoDate: day(values.fapiaoDate) ?? '' },
        });
        await onSaved();
      }}
    >
      <Form.Item
        name="fapiaoNo"
        label={t('fapiaoNo')}
        rules={[rules.required(t('fapiaoNo')), rules.max(t('fapiaoNo'), 64)]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="fapiaoDate" label={t('fapiaoDate')} rules={[rules.chosen(t('fapiaoDate'))]}>
        <DatePicker />
      </Form.Item>
    </FormModal>
  );
}
