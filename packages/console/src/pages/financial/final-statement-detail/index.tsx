// /financial/final-statement-detail?id= (docs/finance.md "Statements"): one statement, its totals by
// kind (the server's sums of every line), its lines a page at a time (what each adjustment credited),
// its history as versions (the statement and each adjustment), signatures and transitions, and the
// PDF (the stored copy once confirmed).
import {
  adjustmentWorkflow,
  formatMoney,
  type StatementLine,
  statementWorkflow,
} from '@trialab/api-contract';
import { Card, Descriptions, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, StaticTable } from '../../../components/DataTable';
import { useRecordId } from '../../../components/FormPage';
import { dash, formatTime } from '../../../components/format';
import { EventTimeline, StatusTag, stateText } from '../../../components/StatusTag';
import { pagedTable, usePaged } from '../../../components/usePaged';
import { useEndpointQuery } from '../../../services/query';
import { StatementFiles } from '../StatementFiles';

export default function FinalStatementDetailPage() {
  const { t } = useTranslation('statements', { keyPrefix: 'statement' });
  const { t: f } = useTranslation('finance', { keyPrefix: 'bills' });
  const id = useRecordId();
  const detail = useEndpointQuery(
    (c) => c.statement.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const lines = usePaged((c) => c.statement.lines, {}, { params: { id: id ?? 0 }, enabled: id !== null });
  if (id === null) return <Empty description={t('notFound')} />;
  if (!detail) return null;
  const cur = detail.currency;
  const money = (v: string) => formatMoney(v, cur);
  const kindWord = (k: string) => f(`kinds.${k}` as 'kinds.test');
  const lineColumns = [
    { dataIndex: 'workDay', title: t('workDay'), width: 100 },
    { dataIndex: 'kind', title: t('kind'), width: 90, render: kindWord },
    {
      dataIndex: 'sourceLabel',
      title: t('source'),
      render: (v: string, row: StatementLine) => (
        <Space size={4}>
          {row.direction === 'reversal' && <Tag color="red">{t('reversal')}</Tag>}
          {v}
        </Space>
      ),
    },
    { dataIndex: 'quantity', title: t('quantity'), width: 80, align: 'right' as const },
    { dataIndex: 'unitPrice', title: t('unitPrice'), width: 100, align: 'right' as const },
    { dataIndex: 'net', title: t('net'), width: 110, align: 'right' as const, render: money },
    { dataIndex: 'tax', title: t('tax'), width: 90, align: 'right' as const, render: money },
    { dataIndex: 'gross', title: t('gross'), width: 120, align: 'right' as const, render: money },
    {
      dataIndex: 'credited',
      title: t('credited'),
      width: 100,
      align: 'right' as const,
      render: (v: string) => (v === '0.00' || v === '0' ? '-' : money(v)),
    },
  ];
  return (
    <Card data-testid="statement-detail">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('detailTitle', { number: detail.number ?? `${detail.projectNo} ${detail.period}` })}
        </Typography.Title>
        <StatusTag workflow={statementWorkflow} status={detail.status} />
        <StatementFiles id={detail.id} number={detail.number} />
      </Space>
      <Descriptions size="small" bordered column={3}>
        <Descriptions.Item label={t('number')}>{detail.number ?? t('unnumbered')}</Descriptions.Item>
        <Descriptions.Item
          label={t('project')}
        >{`${detail.projectNo} ${detail.projectName}`}</Descriptions.Item>
        <Descriptions.Item label={t('customer')}>{dash(detail.customerName)}</Descriptions.Item>
        <Descriptions.Item label={t('period')}>{detail.period}</Descriptions.Item>
        <Descriptions.Item label={t('currency')}>{cur}</Descriptions.Item>
        <Descriptions.Item label={t('lines')}>{detail.lineCount}</Descriptions.Item>
        <Descriptions.Item label={t('net')}>{money(detail.net)}</Descriptions.Item>
        <Descriptions.Item label={t('tax')}>{money(detail.tax)}</Descriptions.Item>
        <Descriptions.Item label={t('gross')}>{money(detail.gross)}</Descriptions.Item>
        <Descriptions.Item label={t('adjustedGross')}>{money(detail.adjustedGross)}</Descriptions.Item>
        <Descriptions.Item label={t('fxRate')}>{dash(detail.fxRate)}</Descriptions.Item>
        <Descriptions.Item label={t('fxDate')}>{dash(detail.fxDate)}</Descriptions.Item>
        <Descriptions.Item label={t('fapiaoNo')}>{dash(detail.fapiaoNo)}</Descriptions.Item>
        <Descriptions.Item label={t('fapiaoDate')}>{dash(detail.fapiaoDate)}</Descriptions.Item>
        <Descriptions.Item label={t('creator')}>{detail.creatorName}</Descriptions.Item>
        <Descriptions.Item label={t('reviewer')}>{dash(detail.reviewerName)}</Descriptions.Item>
        <Descriptions.Item label={t('confirmedAt')}>
          {detail.confirmedAt ? formatTime(detail.confirmedAt) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('pdfHash')}>
          <Typography.Text code style={{ fontSize: 11 }}>
            {dash(detail.pdfSha256)}
          </Typography.Text>
        </Descriptions.Item>
        {detail.signatures.map((s) => (
          <Descriptions.Item key={`${s.action}-${s.signedAt}`} label={t('signatures')} span={3}>
            {`${s.signerName} ${formatTime(s.signedAt)} ${s.meaning}`}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('history')}
      </Typography.Title>
      <Timeline
        data-testid="statement-history"
        items={[
          {
            children: `${t('original')} · ${stateText(statementWorkflow, detail.status)} · ${money(detail.gross)}`,
          },
          ...detail.adjustments.map((a) => ({
            color: a.status === 'reviewed' ? 'green' : a.status === 'cancelled' ? 'gray' : 'blue',
            children: `${t('version', { seq: a.seq, reason: a.reason })} · ${stateText(adjustmentWorkflow, a.status)} · ${money(a.gross)}`,
          })),
        ]}
      />
      <Typography.Title level={5}>{t('byKind')}</Typography.Title>
      <StaticTable
        rowKey="kind"
        dataSource={detail.kinds}
        columns={[
          { dataIndex: 'kind', title: t('kind'), render: kindWord },
          { dataIndex: 'lines', title: t('lines'), align: 'right' as const },
          { dataIndex: 'net', title: t('net'), align: 'right' as const, render: money },
          { dataIndex: 'tax', title: t('tax'), align: 'right' as const, render: money },
          { dataIndex: 'gross', title: t('gross'), align: 'right' as const, render: money },
        ]}
      />
      <Typography.Title level={5}>{t('lines')}</Typography.Title>
      <DataTable<StatementLine>
        rowKey="id"
        columns={lineColumns}
        {...pagedTable(lines)}
        label={t('lines')}
        data-testid="statement-lines"
      />
      <Typography.Title level={5}>{t('transitions')}</Typography.Title>
      <EventTimeline events={detail.events} workflow={statementWorkflow} group="statement" ns="statements" />
    </Card>
  );
}
