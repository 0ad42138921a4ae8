import {
  MARKETING_PERMISSIONS as P,
  QUOTATION_SIGNATURE_MEANING,
  type QUOTATION_STATES,
  type QuotationLine,
  type QuotationRow,
  quotationWorkflow,
} from '@trialab/api-contract';
import { Button, Descriptions, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../access/gates';
import { col } from '../../components/columns';
import { StaticTable } from '../../components/DataTable';
import { dash, formatTime } from '../../components/format';
import { type ListColumn, ListPage, useListPage } from '../../components/ListPage';
import { EventTimeline, stateText } from '../../components/StatusTag';
import { ViewModal } from '../../components/ViewModal';
import { useDetail } from '../../components/ViewModal/useDetail';
import { QueueActions, step } from '../../components/WorkflowActions/QueueActions';
import { callEndpoint, downloadEndpoint } from '../../services/endpoint';
import { useSession } from '../../stores/session';
import { money, percentOf, RowLink } from './parts';

interface Filter {
  status?: (typeof QUOTATION_STATES)[number];
  keyword?: string;
}

/**
 * The quotations of the customers the user sees (current versions). `review`: the review queue
 * (/marketing/quotation-review), opened on those awaiting review, with approve (e-signed, the
 * reviewer's discount limit checked by the server) and return (with a reason).
 */
export function QuotationList({ review }: { review: boolean }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'quotation' });
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.quotation.paging, (review ? { status: 'submitted' } : {}) as Filter, {
    url: { status: 'one' },
  });
  const [viewing, setViewing] = useState<number | null>(null);

  const columns: ListColumn<QuotationRow>[] = [
    {
      dataIndex: 'number',
      title: t('number'),
      width: 200,
      render: (_: unknown, row: QuotationRow) => `${row.number} V${row.revision}`,
      filter: { name: 'keyword', label: t('keyword') },
    },
    col.statusFilter<QuotationRow>(quotationWorkflow),
    col.text<QuotationRow>('customerName', t('customer'), 200),
    col.projectNo<QuotationRow>(),
    {
      dataIndex: 'gross',
      title: t('gross'),
      width: 150,
      align: 'right',
      render: (_: unknown, row: QuotationRow) => money(row.gross, row.currency),
    },
    {
      dataIndex: 'effectiveDiscountRate',
      title: t('effectiveDiscount'),
      width: 110,
      render: (v: string) => percentOf(v),
    },
    {
      dataIndex: 'validUntil',
      title: t('validUntil'),
      width: 140,
      render: (_: unknown, row: QuotationRow) => (
        <>
          {row.validUntil}{' '}
          {row.expired && row.status === 'approved' && <Tag color="warning">{t('expired')}</Tag>}
        </>
      ),
    },
    col.text<QuotationRow>('creatorName', t('creator'), 100),
  ];

  return (
    <ListPage<QuotationRow, Filter>
      list={list}
      rowKey="id"
      code={review ? 'marketing.quotationReview' : 'marketing.quotation'}
      columns={columns}
      toolbar={
        review ? undefined : (
          <Permission value={[P.quotationCreate]}>
            <Button
              type="primary"
              onClick={() => navigate('/marketing/create-quotation')}
              data-testid="quotation-create"
            >
              {t('create')}
            </Button>
          </Permission>
        )
      }
      actions={{
        width: 260,
        render: (row) => {
          const params = { id: row.id };
          return (
            <QueueActions
              workflow={quotationWorkflow}
              row={row}
              userId={userId}
              authored={row.createdBy === userId || row.submittedBy === userId}
              done={t('done')}
              reload={list.reload}
              before={
                <>
                  <RowLink
                    label={t('view')}
                    testId={`quotation-view-${row.number}`}
                    onClick={() => setViewing(row.id)}
                  />
                  {!review && row.status === 'draft' && (
                    <RowLink
                      label={t('edit')}
                      testId={`quotation-edit-${row.number}`}
                      permission={P.quotationCreate}
                      onClick={() => navigate(`/marketing/create-quotation?id=${row.id}`)}
                    />
                  )}
                </>
              }
              steps={
                review
                  ? {
                      approve: step.signed({
                        label: t('approve'),
                        testId: `quotation-approve-${row.number}`,
                        signature: QUOTATION_SIGNATURE_MEANING,
                        call: (body) => callEndpoint((c) => c.quotation.approve, { params, body }),
                      }),
                      return: step.reason({
                        label: t('return'),
                        testId: `quotation-return-${row.number}`,
                        reason: {
                          title: t('returnTitle', { number: row.number }),
                          placeholder: t('returnPlaceholder'),
                          testId: 'quotation-return-reason',
                        },
                        call: (body) => callEndpoint((c) => c.quotation.return, { params, body }),
                      }),
                    }
                  : {
                      submit: step.plain({
                        label: t('submit'),
                        testId: `quotation-submit-${row.number}`,
                        call: (body) => callEndpoint((c) => c.quotation.submit, { params, body }),
                      }),
                      revise: step.plain({
                        label: t('revise'),
                        testId: `quotation-revise-${row.number}`,
                        call: (body) => callEndpoint((c) => c.quotation.revise, { params, body }),
                      }),
                      cancel: step.reason({
                        label: t('cancel'),
                        testId: `quotation-cancel-${row.number}`,
                        reason: {
                          title: t('cancelTitle', { number: row.number }),
                          placeholder: t('cancelPlaceholder'),
                          testId: 'quotation-cancel-reason',
                        },
                        call: (body) => callEndpoint((c) => c.quotation.cancel, { params, body }),
                      }),
                    }
              }
            />
          );
        },
      }}
    >
      <QuotationView id={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}

function QuotationView({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation('marketing', { keyPrefix: 'quotation' });
  const { t: r } = useTranslation('marketing', { keyPrefix: 'rateCard' });
  const detail = useDetail(id, (c) => c.quotation.get, onClose);
  const cur = detail?.currency;
  const columns = [
    { dataIndex: 'name', title: t('service') },
    { dataIndex: 'unit', title: r('unit'), width: 90, render: (v: string) => r(`units.${v}` as 'units.kit') },
    { dataIndex: 'quantity', title: t('quantity'), width: 90, align: 'right' as const },
    { dataIndex: 'unitPrice', title: t('unitPrice'), width: 110, align: 'right' as const },
    { dataIndex: 'discountRate', title: t('lineDiscount'), width: 90, render: (v: string) => percentOf(v) },
    {
      dataIndex: 'net',
      title: t('net'),
      width: 120,
      align: 'right' as const,
      render: (v: string) => money(v),
    },
    {
      dataIndex: 'tax',
      title: t('tax'),
      width: 100,
      align: 'right' as const,
      render: (v: string) => money(v),
    },
    {
      dataIndex: 'gross',
      title: t('gross'),
      width: 120,
      align: 'right' as const,
      render: (v: string) => money(v),
    },
  ];
  return (
    <ViewModal
      open={id !== null}
      width={1100}
      title={detail ? t('detailTitle', { number: detail.number, revision: detail.revision }) : ''}
      onCancel={onClose}
      footer={
        detail && (
          <Permission value={[P.quotationExport]}>
            <Button
              data-testid="quotation-pdf"
              onClick={() =>
                downloadEndpoint(
                  (c) => c.quotation.pdf,
                  { params: { id: detail.id } },
                  `${detail.number}-v${detail.revision}.pdf`,
                )
              }
            >
              {t('pdf')}
            </Button>
          </Permission>
        )
      }
    >
      {detail && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('customer')}>{detail.customerName}</Descriptions.Item>
            <Descriptions.Item
              label={t('project')}
            >{`${detail.projectNo} ${detail.projectName}`}</Descriptions.Item>
            <Descriptions.Item
              label={t('rateCard')}
            >{`${detail.rateCardName} V${detail.rateCardVersionNo}`}</Descriptions.Item>
            <Descriptions.Item label={t('listAmount')}>{money(detail.listAmount, cur)}</Descriptions.Item>
            <Descriptions.Item label={t('discount')}>
              {money(detail.discount, cur)} ({percentOf(detail.effectiveDiscountRate)})
            </Descriptions.Item>
            <Descriptions.Item label={t('discountRate')}>{percentOf(detail.discountRate)}</Descriptions.Item>
            <Descriptions.Item label={t('net')}>{money(detail.net, cur)}</Descriptions.Item>
            <Descriptions.Item label={t('tax')}>{money(detail.tax, cur)}</Descriptions.Item>
            <Descriptions.Item label={t('gross')}>{money(detail.gross, cur)}</Descriptions.Item>
            <Descriptions.Item label={t('validUntil')}>{detail.validUntil}</Descriptions.Item>
            <Descriptions.Item label={t('reviewer')}>{dash(detail.reviewerName)}</Descriptions.Item>
            <Descriptions.Item label={t('returnReason')}>{dash(detail.returnReason)}</Descriptions.Item>
            {detail.signatures.map((s) => (
              <Descriptions.Item key={s.signedAt} label={t('signatures')} span={3}>
                {`${s.signerName} ${formatTime(s.signedAt)} ${s.meaning}`}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('lines')}
          </Typography.Title>
          <StaticTable<QuotationLine> rowKey="id" columns={columns} dataSource={detail.lines} />
          <Typography.Title level={5}>{t('versions')}</Typography.Title>
          <Typography.Paragraph>
            {detail.versions
              .map((v) => `V${v.revision} ${stateText(quotationWorkflow, v.status)} ${money(v.gross, cur)}`)
              .join(' · ')}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('history')}</Typography.Title>
          <EventTimeline
            events={detail.events}
            workflow={quotationWorkflow}
            group="quotation"
            ns="marketing"
          />
        </>
      )}
    </ViewModal>
  );
}
