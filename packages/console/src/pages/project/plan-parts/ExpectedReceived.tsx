import type { ExpectedReceivedRow } from '@trialab/api-contract';
import { Card, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../services/query';

/** A count that is not zero, highlighted: missing samples in red, extra ones in amber. */
function Gap({ value, kind }: { value: number; kind: 'danger' | 'warning' }) {
  return value === 0 ? (
    <>0</>
  ) : (
    <Typography.Text type={kind} strong>
      {value}
    </Typography.Text>
  );
}

/**
 * What the project's online plans expect per site, visit and sample type (subjects × count) against
 * the samples signed for at the bench, with missing and extra counts (plan-detail, progress pages).
 */
export function ExpectedReceived({ projectId, siteId }: { projectId: number; siteId?: number }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'expected' });
  const answer = useEndpointQuery((c) => c.plan.expectedReceived, {
    body: siteId === undefined ? { projectId } : { projectId, siteId },
  });
  const data = answer.data?.data;
  return (
    <Card size="small" title={t('title')} data-testid="plan-expected-received">
      {data && data.planIds.length === 0 ? (
        <Empty description={t('noPlan')} />
      ) : (
        <Table<ExpectedReceivedRow>
          rowKey={(r) => `${r.siteId}-${r.visit}-${r.sampleTypeId}`}
          size="small"
          loading={answer.isFetching}
          dataSource={data?.rows ?? []}
          pagination={false}
          columns={[
            { dataIndex: 'siteName', title: t('site'), render: (_, r) => `${r.centerNo} ${r.siteName}` },
            { dataIndex: 'visit', title: t('visit') },
            { dataIndex: 'sampleTypeName', title: t('sampleType') },
            { dataIndex: 'subjects', title: t('subjects'), align: 'right' },
            { dataIndex: 'expected', title: t('expected'), align: 'right' },
            { dataIndex: 'received', title: t('received'), align: 'right' },
            {
              dataIndex: 'missing',
              title: t('missing'),
              align: 'right',
              render: (_, r) => <Gap value={r.missing} kind="danger" />,
            },
            {
              dataIndex: 'extra',
              title: t('extra'),
              align: 'right',
              render: (_, r) => <Gap value={r.extra} kind="warning" />,
            },
          ]}
        />
      )}
    </Card>
  );
}
