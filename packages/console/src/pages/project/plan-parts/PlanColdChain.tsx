import type { ColdChainReading, PlanColdChainRow } from '@trialab/api-contract';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimeAs } from '../../../components/format';
import { useEndpointQuery } from '../../../services/query';

const condition = (c: { name: string; range: string }) => `${c.name} ${c.range}`;

/** One reading at receipt: within the transport range, or an excursion; who recorded it, the query. */
function Reading({ reading, testId }: { reading: ColdChainReading; testId: string }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'coldChain' });
  return (
    <div>
      <Tag color={reading.excursion ? 'error' : 'success'} data-testid={testId}>
        {reading.celsius === null
          ? t('noReading')
          : t('reading', { celsius: reading.celsius, orderNo: reading.orderNo, samples: reading.samples })}
      </Tag>
      <Typography.Text type="secondary">
        {t('recorded', { by: reading.recordedBy, at: formatTimeAs(reading.recordedAt, 'minute') })}
        {reading.queryNo && ` · ${t('query', { queryNo: reading.queryNo })}`}
      </Typography.Text>
    </div>
  );
}

/** What the colours say (the flags of the transport leg and of the storage). */
function Legend() {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'coldChain' });
  return (
    <Space size={[16, 4]} wrap style={{ marginTop: 12 }} data-testid="plan-cold-chain-legend">
      <Typography.Text strong>{t('legend')}</Typography.Text>
      <span>
        <Tag color="success">{t('readings')}</Tag>
        {t('legendInRange')}
      </span>
      <span>
        <Tag color="error">{t('readings')}</Tag>
        {t('legendExcursion')}
      </span>
      <span>
        <Tag color="success">{t('stored')}</Tag>
        {t('legendStoredOk')}
      </span>
      <span>
        <Tag color="warning">{t('stored')}</Tag>
        {t('legendStoredOff')}
      </span>
    </Space>
  );
}

/**
 * The cold chain of a plan version (plan-detail): per visit and sample type, the transport leg (the
 * plan's range and the temperatures read when the samples were received, an excursion in red with
 * who recorded it and the query raised), then the storage (the plan's condition and where the
 * samples signed for are actually kept, a condition other than the plan's in amber), and a legend.
 */
export function PlanColdChain({ planId }: { planId: number }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'coldChain' });
  const chain = useEndpointQuery((c) => c.plan.coldChain, { params: { id: planId } });
  const key = (r: PlanColdChainRow) => `${r.visitId}-${r.sampleTypeId}`;
  return (
    <Card size="small" title={t('title')} data-testid="plan-cold-chain">
      <Table<PlanColdChainRow>
        rowKey={key}
        size="small"
        loading={chain.isFetching}
        dataSource={chain.data?.data ?? []}
        pagination={false}
        columns={[
          { dataIndex: 'visit', title: t('visit'), width: 120 },
          { dataIndex: 'sampleTypeName', title: t('sampleType'), width: 100 },
          {
            dataIndex: 'transport',
            title: t('transport'),
            width: 140,
            render: (_, r) => condition(r.transport),
          },
          {
            dataIndex: 'readings',
            title: t('readings'),
            render: (_, r) =>
              r.readings.length === 0 ? (
                <Typography.Text type="secondary">
                  {r.stored.length === 0 ? t('notReceived') : t('noReading')}
                </Typography.Text>
              ) : (
                r.readings.map((reading, i) => (
                  <Reading
                    key={`${reading.orderNo}-${reading.recordedAt}`}
                    reading={reading}
                    testId={`plan-cold-chain-reading-${key(r)}-${i}`}
                  />
                ))
              ),
          },
          { dataIndex: 'storage', title: t('storage'), width: 140, render: (_, r) => condition(r.storage) },
          {
            dataIndex: 'stored',
            title: t('stored'),
            width: 200,
            render: (_, r) =>
              r.stored.length === 0 ? (
                <Typography.Text type="secondary">{t('notReceived')}</Typography.Text>
              ) : (
                <Space size={4} wrap>
                  {r.stored.map((s) => (
                    <Tag
                      key={s.id}
                      color={s.id === r.storage.id ? 'success' : 'warning'}
                      data-testid={`plan-cold-chain-stored-${r.visitId}-${r.sampleTypeId}-${s.id}`}
                    >
                      {`${condition(s)} × ${s.count}`}
                    </Tag>
                  ))}
                </Space>
              ),
          },
        ]}
      />
      <Legend />
    </Card>
  );
}
