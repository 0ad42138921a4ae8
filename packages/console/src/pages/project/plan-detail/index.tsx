import { projectPlanWorkflow } from '@trialab/api-contract';
import {
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Row,
  Select,
  Switch,
  Table,
  Tabs,
  type TabsProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRecordId } from '../../../components/FormPage';
import { dash, formatTime } from '../../../components/format';
import { nameOf } from '../../../components/localName';
import { Reconciliation } from '../../../components/Reconciliation';
import { StatusTag } from '../../../components/StatusTag';
import { useEndpointQuery } from '../../../services/query';
import { PLAN_PAGES, type PlanDetail, PlanVisits } from '../plan/parts';
import { PlanColdChain } from '../plan-parts/PlanColdChain';
import { PlanKits } from '../plan-parts/PlanKits';
import { comparePlans, type DiffKind, type VisitWindow } from './compare';

type Version = PlanDetail['versions'][number];
const COLOR: Record<DiffKind, string> = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  same: 'default',
};

/** Every version of the plan no: state, author, approval signature; each opens its own detail. */
function Versions({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('projectPlan');
  const { t: tr } = useTranslation();
  return (
    <Table<Version>
      size="small"
      rowKey="id"
      pagination={false}
      data-testid="plan-versions"
      dataSource={plan.versions}
      columns={[
        {
          dataIndex: 'revision',
          title: t('shared.revision'),
          width: 110,
          render: (v: number, row) =>
            row.id === plan.id ? (
              `V${v} (${t('detail.current')})`
            ) : (
              <Link to={`${PLAN_PAGES.detail}?id=${row.id}`}>{`V${v}`}</Link>
            ),
        },
        {
          dataIndex: 'status',
          title: tr('fields.status'),
          width: 110,
          render: (v: string) => <StatusTag workflow={projectPlanWorkflow} status={v} />,
        },
        { dataIndex: 'createdByName', title: t('shared.author'), width: 110, render: dash },
        { dataIndex: 'approvedByName', title: t('detail.approvedBy'), width: 110, render: dash },
        { dataIndex: 'approvedAt', title: t('detail.approvedAt'), width: 170, render: formatTime },
        { dataIndex: 'meaning', title: t('detail.meaning'), render: dash },
        { dataIndex: 'updatedAt', title: tr('fields.updatedAt'), width: 170, render: formatTime },
      ]}
    />
  );
}

/** Two chosen versions side by side: visits and samples added, removed or changed. */
function Compare({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('projectPlan', { keyPrefix: 'detail' });
  const { t: st } = useTranslation('projectPlan', { keyPrefix: 'sample' });
  const { t: et } = useTranslation('projectPlan', { keyPrefix: 'edit' });
  const windowText = (w: VisitWindow) =>
    w.day === null
      ? t('noWindow')
      : et('visitWindow', { day: w.day, before: w.windowBefore, after: w.windowAfter });
  const older = plan.versions.find((v) => v.revision < plan.revision);
  const [fromId, setFrom] = useState<number | undefined>(older?.id);
  const [toId, setTo] = useState<number>(plan.id);
  const from = useEndpointQuery(
    (c) => c.plan.get,
    { params: { id: fromId ?? 0 } },
    { enabled: Boolean(fromId) },
  ).data?.data;
  const to = useEndpointQuery((c) => c.plan.get, { params: { id: toId } }).data?.data;
  const options = plan.versions.map((v) => ({ value: v.id, label: `V${v.revision}` }));
  const diffs = from && to ? comparePlans(from.visits, to.visits) : [];
  const changed = diffs.filter((d) => d.kind !== 'same');
  // A plan of many visits changes in a few: those are what a reviewer looks for.
  const [onlyChanges, setOnlyChanges] = useState(true);
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={6}>
          {t('from')}{' '}
          <Select
            value={fromId}
            onChange={setFrom}
            options={options}
            style={{ width: 100 }}
            data-testid="plan-compare-from"
          />
        </Col>
        <Col span={6}>
          {t('to')}{' '}
          <Select
            value={toId}
            onChange={setTo}
            options={options}
            style={{ width: 100 }}
            data-testid="plan-compare-to"
          />
        </Col>
        <Col span={12}>
          <Switch
            checked={onlyChanges}
            onChange={setOnlyChanges}
            aria-label={t('onlyChanges')}
            data-testid="plan-compare-only-changes"
          />{' '}
          {t('onlyChanges')}
        </Col>
      </Row>
      {from && to && changed.length === 0 && <Empty description={t('noDifference')} />}
      {(onlyChanges ? changed : diffs).map((d) => (
        <Card
          key={d.name}
          size="small"
          style={{ marginBottom: 8 }}
          data-testid={`plan-diff-${d.name}`}
          data-kind={d.kind}
          title={
            <>
              {d.name} {d.kind !== 'same' && <Tag color={COLOR[d.kind]}>{t(d.kind)}</Tag>}
            </>
          }
        >
          {d.window && (
            <Typography.Text mark data-testid={`plan-diff-${d.name}-window`}>
              {`${t('window')}: ${windowText(d.window.before)} → ${windowText(d.window.after)}`}
            </Typography.Text>
          )}
          <List
            size="small"
            dataSource={d.samples.filter((s) => s.kind !== 'same' || d.kind === 'same')}
            renderItem={(s) => (
              <List.Item data-testid={`plan-diff-${d.name}-${s.sampleTypeName}`} data-kind={s.kind}>
                <Typography.Text
                  type={s.kind === 'removed' ? 'danger' : undefined}
                  delete={s.kind === 'removed'}
                >
                  {s.sampleTypeName}
                </Typography.Text>{' '}
                {s.kind !== 'same' && <Tag color={COLOR[s.kind]}>{t(s.kind)}</Tag>}
                {s.changes.map((c) => (
                  <Typography.Text key={c.field} mark style={{ marginRight: 8 }}>
                    {`${st(c.field)}: ${dash(c.before)} → ${dash(c.after)}`}
                  </Typography.Text>
                ))}
              </List.Item>
            )}
          />
        </Card>
      ))}
    </>
  );
}

/**
 * /project/plan-detail?id=: one version read-only: its header, visits and samples, every version of
 * its plan no and a comparison of two of them.
 */
export default function PlanDetailPage() {
  const { t } = useTranslation('projectPlan');
  const { t: tr } = useTranslation();
  const { t: p } = useTranslation('projectPlanParts');
  const id = useRecordId() ?? 0;
  const plan = useEndpointQuery((c) => c.plan.get, { params: { id } }, { enabled: id > 0 }).data?.data;

  const items: TabsProps['items'] = plan && [
    { key: 'visits', label: t('detail.visits'), children: <PlanVisits visits={plan.visits} /> },
    { key: 'kits', label: p('kits.title'), children: <PlanKits planId={plan.id} /> },
    { key: 'coldChain', label: p('coldChain.title'), children: <PlanColdChain planId={plan.id} /> },
    {
      key: 'reconciliation',
      label: p('recon.title'),
      children: <Reconciliation projectId={plan.projectId} />,
    },
    { key: 'versions', label: t('detail.versions'), children: <Versions plan={plan} /> },
    { key: 'compare', label: t('detail.compare'), children: <Compare key={plan.id} plan={plan} /> },
  ];

  return (
    <Card loading={!plan} title={plan && `${plan.planNo} V${plan.revision} ${nameOf(plan)}`}>
      {plan && (
        <>
          <Descriptions size="small" column={3} data-testid="plan-header">
            <Descriptions.Item
              label={tr('fields.project')}
            >{`${plan.projectNo} ${plan.projectName}`}</Descriptions.Item>
            <Descriptions.Item label={tr('fields.status')}>
              <StatusTag workflow={projectPlanWorkflow} status={plan.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('shared.author')}>{dash(plan.createdByName)}</Descriptions.Item>
            <Descriptions.Item label={t('shared.visitCount')}>{plan.visitCount}</Descriptions.Item>
            <Descriptions.Item label={tr('fields.updatedAt')}>{formatTime(plan.updatedAt)}</Descriptions.Item>
            {plan.returnReason && (
              <Descriptions.Item label={t('shared.returnReason')}>{plan.returnReason}</Descriptions.Item>
            )}
            {plan.signatures.map((s) => (
              <Descriptions.Item key={`${s.action}-${s.signedAt}`} label={t('detail.signatures')} span={3}>
                {`${s.signerName} · ${s.meaning} · ${formatTime(s.signedAt)}`}
                {s.contentHash !== plan.contentHash && (
                  <Tag color="error" style={{ marginInlineStart: 8 }} data-testid="plan-signature-changed">
                    {t('detail.changedSinceSigned')}
                  </Tag>
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Tabs items={items} />
        </>
      )}
    </Card>
  );
}
