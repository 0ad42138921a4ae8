import { keepPreviousData } from '@tanstack/react-query';
import {
  PLAN_PERMISSIONS,
  RECONCILIATION_VIEWS,
  type ReconciliationRow,
  type ReconciliationSite,
  type ReconciliationState,
  SITE_RECONCILIATION_PERMISSIONS,
  specimenBarcodeWorkflow,
} from '@trialab/api-contract';
import { Card, Empty, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Contract } from '../../services/contract';
import { useEndpointQuery } from '../../services/query';
import { ExportButton } from '../ExportButton';
import { dash, formatTime } from '../format';
import { ProjectSelect } from '../ProjectSelect';
import { useProjectSites } from '../ProjectSiteFields/useProjectSites';
import { StatusTag } from '../StatusTag';

type View = (typeof RECONCILIATION_VIEWS)[number];

/**
 * Who looks: the lab's staff (plan detail, /project/reconciliation) or a site (/web/reconciliation).
 * Both read the same answer; the site's endpoints carry the portal's permissions and the server
 * limits them to the caller's own sites.
 */
type Read = Contract['plan']['reconciliation' | 'siteReconciliation'];
type File = Contract['plan']['reconciliationExport' | 'siteReconciliationExport'];
const SIDES: Record<
  'lab' | 'site',
  { read: (c: Contract) => Read; file: (c: Contract) => File; export: string }
> = {
  lab: {
    read: (c: Contract) => c.plan.reconciliation,
    file: (c: Contract) => c.plan.reconciliationExport,
    export: PLAN_PERMISSIONS.export,
  },
  site: {
    read: (c: Contract) => c.plan.siteReconciliation,
    file: (c: Contract) => c.plan.siteReconciliationExport,
    export: SITE_RECONCILIATION_PERMISSIONS.export,
  },
};
export type ReconciliationSide = keyof typeof SIDES;

/** Each state's tag colour: received, past the window, inside it, no window, not yet due. */
const STATE_COLOR: Record<ReconciliationState, string> = {
  complete: 'success',
  overdue: 'error',
  due: 'warning',
  open: 'warning',
  upcoming: 'default',
};

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

/** The barcodes of one row (the drill-down): state and when signed for, or why there are none. */
function Barcodes({ row }: { row: ReconciliationRow }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'recon' });
  if (row.barcodes.length === 0) return <Typography.Text type="secondary">{t('noBarcode')}</Typography.Text>;
  return (
    <Space size={16} wrap data-testid={`recon-barcodes-${row.subjectNo}-${row.visit}-${row.sampleTypeId}`}>
      {row.barcodes.map((b) => (
        <span key={b.code}>
          <Typography.Text code>{b.code}</Typography.Text>{' '}
          <StatusTag workflow={specimenBarcodeWorkflow} status={b.status} />
          {b.signedAt && (
            <Typography.Text type="secondary">{`${t('signedAt')} ${formatTime(b.signedAt)}`}</Typography.Text>
          )}
        </span>
      ))}
    </Space>
  );
}

/**
 * The daily reconciliation of a project (plan detail, the project and site pages): what the online plans expect of every
 * enrolled subject per visit and sample type, within the visit's window, against what was received;
 * totals per site (a click shows that site's rows), the view all / missing only / overdue only,
 * filters by visit and subject, each row's barcodes, and the same rows as xlsx.
 */
export function Reconciliation({
  projectId,
  side = 'lab',
}: {
  projectId: number;
  side?: ReconciliationSide;
}) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'recon' });
  const ends = SIDES[side];
  const [view, setView] = useState<View>('missing');
  const [siteId, setSiteId] = useState<number>();
  const [visit, setVisit] = useState<string>();
  const [subjectNo, setSubjectNo] = useState<string>();
  const body = {
    projectId,
    view,
    ...(siteId === undefined ? {} : { siteId }),
    ...(visit === undefined ? {} : { visit }),
    ...(subjectNo ? { subjectNo } : {}),
  };
  // The last answer stays on screen while another view or filter loads.
  const answer = useEndpointQuery(ends.read, { body }, { placeholderData: keepPreviousData });
  const data = answer.data?.data;
  if (data && data.planIds.length === 0)
    return (
      <Card size="small" title={t('title')} data-testid="plan-reconciliation">
        <Empty description={t('noPlan')} />
      </Card>
    );
  const count = (dataIndex: keyof ReconciliationSite | keyof ReconciliationRow, title: string) => ({
    dataIndex,
    title,
    width: 90,
    align: 'right' as const,
  });
  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="plan-reconciliation"
      extra={
        <ExportButton
          endpoint={ends.file}
          input={{ body }}
          fileName={t('fileName')}
          permission={[ends.export]}
          data-testid="recon-export"
        >
          {t('export')}
        </ExportButton>
      }
    >
      {data && (
        <Typography.Paragraph type="secondary">{t('hint', { today: data.today })}</Typography.Paragraph>
      )}
      <Table<ReconciliationSite>
        title={() => t('sites')}
        rowKey="siteId"
        size="small"
        pagination={false}
        loading={answer.isFetching}
        dataSource={data?.sites ?? []}
        data-testid="recon-sites"
        rowClassName={(r) => (r.siteId === siteId ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({
          onClick: () => setSiteId(r.siteId === siteId ? undefined : r.siteId),
          style: { cursor: 'pointer' },
          'data-testid': `recon-site-${r.centerNo}`,
        })}
        columns={[
          { dataIndex: 'siteName', title: t('site'), render: (_, r) => `${r.centerNo} ${r.siteName}` },
          count('subjects', t('subjects')),
          count('expected', t('expected')),
          count('received', t('received')),
          { ...count('missing', t('missing')), render: (v: number) => <Gap value={v} kind="danger" /> },
          { ...count('overdue', t('overdue')), render: (v: number) => <Gap value={v} kind="danger" /> },
          { ...count('extra', t('extra')), render: (v: number) => <Gap value={v} kind="warning" /> },
        ]}
      />
      <Space wrap style={{ margin: '16px 0 8px' }}>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={RECONCILIATION_VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          data-testid="recon-view"
        />
        <Select
          allowClear
          placeholder={t('allSites')}
          aria-label={t('site')}
          value={siteId}
          onChange={setSiteId}
          style={{ width: 220 }}
          options={(data?.sites ?? []).map((x) => ({
            value: x.siteId,
            label: `${x.centerNo} ${x.siteName}`,
          }))}
          data-testid="recon-site"
        />
        <Select
          allowClear
          placeholder={t('visit')}
          aria-label={t('visit')}
          value={visit}
          onChange={setVisit}
          style={{ width: 180 }}
          options={(data?.visits ?? []).map((v) => ({ value: v.name, label: v.label }))}
          data-testid="recon-visit"
        />
        <Input.Search
          allowClear
          placeholder={t('subjectNo')}
          aria-label={t('subjectNo')}
          onSearch={(v) => setSubjectNo(v.trim() || undefined)}
          style={{ width: 200 }}
          data-testid="recon-subject"
        />
      </Space>
      <Table<ReconciliationRow>
        rowKey={(r) => `${r.subjectId}-${r.visit}-${r.sampleTypeId}`}
        size="small"
        loading={answer.isFetching}
        dataSource={data?.rows ?? []}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        data-testid="recon-rows"
        expandable={{ expandedRowRender: (r) => <Barcodes row={r} /> }}
        columns={[
          {
            dataIndex: 'siteName',
            title: t('site'),
            ellipsis: true,
            render: (_, r) => `${r.centerNo} ${r.siteName}`,
          },
          { dataIndex: 'subjectNo', title: t('subjectNo'), width: 100 },
          { dataIndex: 'visitName', title: t('visit'), width: 90 },
          { dataIndex: 'sampleTypeName', title: t('sampleType'), width: 80 },
          {
            dataIndex: 'windowFrom',
            title: t('window'),
            width: 180,
            render: (_, r) =>
              r.windowFrom === null ? (
                <Typography.Text type="secondary">{t('noWindow')}</Typography.Text>
              ) : (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {`${r.windowFrom} ~ ${r.windowTo}`}
                  <br />
                  <Typography.Text type="secondary">{t('due', { date: dash(r.dueOn) })}</Typography.Text>
                </span>
              ),
          },
          count('expected', t('expected')),
          {
            ...count('received', t('received')),
            // Labelled at the site and not signed for yet: on the way, under what was received.
            render: (v: number, r) => (
              <>
                {v}
                {r.labelled > 0 && (
                  <>
                    <br />
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      {t('onTheWay', { count: r.labelled })}
                    </Typography.Text>
                  </>
                )}
              </>
            ),
          },
          { ...count('missing', t('missing')), render: (v: number) => <Gap value={v} kind="danger" /> },
          { ...count('extra', t('extra')), render: (v: number) => <Gap value={v} kind="warning" /> },
          {
            dataIndex: 'state',
            title: t('state'),
            width: 90,
            render: (v: ReconciliationState, r) => (
              <Tag
                color={STATE_COLOR[v]}
                data-testid={`recon-state-${r.subjectNo}-${r.visit}-${r.sampleTypeId}`}
              >
                {t(`states.${v}`)}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * The reconciliation as a page of its own (/project/reconciliation for the lab, /web/reconciliation
 * for a site): a project of the user's scope (the first by default, or `?projectId=N`), then its
 * reconciliation. A site user's projects and sites are their own; the server enforces it.
 */
export function ReconciliationPage({ side }: { side: ReconciliationSide }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'recon' });
  const { projects } = useProjectSites(undefined);
  const [params] = useSearchParams();
  const asked = Number(params.get('projectId')) || undefined;
  const [chosen, setChosen] = useState<number>();
  const projectId = chosen ?? asked ?? projects[0]?.id;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space>
          <Typography.Text>{t('project')}</Typography.Text>
          <ProjectSelect
            value={projectId}
            onChange={setChosen}
            placeholder={t('chooseProject')}
            aria-label={t('project')}
            style={{ width: 360 }}
            data-testid="recon-project"
          />
        </Space>
      </Card>
      {projectId === undefined ? (
        <Card size="small">
          <Empty description={t('chooseProject')} />
        </Card>
      ) : (
        <Reconciliation key={projectId} projectId={projectId} side={side} />
      )}
    </Space>
  );
}
