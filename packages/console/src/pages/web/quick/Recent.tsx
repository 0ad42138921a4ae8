import {
  clarificationQueryWorkflow,
  PORTAL_REPORT_PERMISSIONS,
  QUERY_PERMISSIONS,
  SHIPMENT_PERMISSIONS,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Card, Col, List, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { formatTimeAs } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { useEndpointQuery } from '../../../services/query';

/** How many rows each list shows: the latest few, the page behind the title has the rest. */
const RECENT = 5;
const first = { page: 1, size: RECENT };

/** One list: its rows or a loading card; the title opens the full page. */
function RecentCard<T>(props: {
  title: string;
  to: string;
  testId: string;
  rows: T[] | undefined;
  row(item: T): ReactNode;
}) {
  const { t } = useTranslation('portal', { keyPrefix: 'quick' });
  return (
    <Card
      size="small"
      title={props.title}
      extra={<Link to={props.to}>{t('open')}</Link>}
      loading={!props.rows}
      data-testid={props.testId}
      style={{ height: '100%' }}
    >
      <List
        size="small"
        dataSource={props.rows ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t('none')}</Typography.Text> }}
        renderItem={props.row}
      />
    </Card>
  );
}

/**
 * The site's latest work on its home (/web/quick): reports released to it, its shipments, and the
 * queries waiting for its answer; each list is the server's list of the user's sites (scoped there).
 */
export function Recent() {
  const { t } = useTranslation('portal', { keyPrefix: 'quick' });
  const { can } = useAccess();
  const reports = useEndpointQuery(
    (c) => c.portalReport.paging,
    { body: first },
    {
      enabled: can(PORTAL_REPORT_PERMISSIONS.reportPage),
    },
  ).data?.data;
  const shipments = useEndpointQuery(
    (c) => c.sampleTransport.paging,
    { body: first },
    {
      enabled: can(SHIPMENT_PERMISSIONS.page),
    },
  ).data?.data;
  const queries = useEndpointQuery(
    (c) => c.clarification.paging,
    { body: { ...first, status: ['open'] } },
    {
      enabled: can(QUERY_PERMISSIONS.page),
    },
  ).data?.data;
  const line = (main: ReactNode, side: ReactNode, note: ReactNode) => (
    <List.Item extra={side}>
      <List.Item.Meta
        title={main}
        description={
          <Typography.Text type="secondary" ellipsis>
            {note}
          </Typography.Text>
        }
      />
    </List.Item>
  );
  const cards = [
    can(PORTAL_REPORT_PERMISSIONS.reportPage) && (
      <RecentCard
        key="reports"
        title={t('recentReports')}
        to="/web/report-search"
        testId="quick-recent-reports"
        rows={reports}
        row={(r) =>
          line(
            r.reportNo,
            formatTimeAs(r.releasedAt, 'minute'),
            [r.subjectNo, r.visit, r.siteName].filter(Boolean).join(' · '),
          )
        }
      />
    ),
    can(SHIPMENT_PERMISSIONS.page) && (
      <RecentCard
        key="shipments"
        title={t('recentShipments')}
        to="/web/reserve-check"
        testId="quick-recent-shipments"
        rows={shipments}
        row={(s) =>
          line(
            s.orderNo,
            <StatusTag workflow={sampleShipmentWorkflow} status={s.status} />,
            `${s.siteNo} ${s.siteName} · ${t('samples', { count: s.sampleCount })} · ${s.estimatedShipDate}`,
          )
        }
      />
    ),
    can(QUERY_PERMISSIONS.page) && (
      <RecentCard
        key="queries"
        title={t('openQueries')}
        to="/web/question?status=open"
        testId="quick-open-queries"
        rows={queries}
        row={(q) =>
          line(
            `${q.queryNo} · ${q.subjectNo}`,
            <StatusTag workflow={clarificationQueryWorkflow} status={q.status} />,
            q.content,
          )
        }
      />
    ),
  ].filter(Boolean);
  if (cards.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {cards.map((card) => (
        <Col key={(card as { key: string }).key} xs={24} lg={24 / cards.length}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
