import type { PlanColdChainRow } from '@trialab/api-contract';
import { Card, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../services/query';

const condition = (c: { name: string; range: string }) => `${c.name} ${c.range}`;

/**
 * The cold chain of a plan version (plan-detail): per visit and sample type, the transport range,
 * then the storage range, then where the samples signed for so far are actually kept (their storage
 * condition and count); a storage condition other than the plan's is marked.
 */
export function PlanColdChain({ planId }: { planId: number }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'coldChain' });
  const chain = useEndpointQuery((c) => c.plan.coldChain, { params: { id: planId } });
  return (
    <Card size="small" title={t('title')} data-testid="plan-cold-chain">
      <Table<PlanColdChainRow>
        rowKey={(r) => `${r.visitId}-${r.sampleTypeId}`}
        size="small"
        loading={chain.isFetching}
        dataSource={chain.data?.data ?? []}
        pagination={false}
        columns={[
          { dataIndex: 'visit', title: t('visit'), width: 140 },
          { dataIndex: 'sampleTypeName', title: t('sampleType'), width: 110 },
          { dataIndex: 'transport', title: t('transport'), render: (_, r) => condition(r.transport) },
          { dataIndex: 'storage', title: t('storage'), render: (_, r) => condition(r.storage) },
          {
            dataIndex: 'stored',
            title: t('stored'),
            render: (_, r) =>
              r.stored.length === 0 ? (
                <span style={{ opacity: 0.6 }}>{t('notReceived')}</span>
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
    </Card>
  );
}
