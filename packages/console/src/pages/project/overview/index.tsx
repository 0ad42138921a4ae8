import {
  type DataOf,
  OPEN_FEEDBACK_STATES,
  OPEN_QUERY_STATES,
  PROJECT_FILE_PERMISSIONS,
  progressPlanWorkflow,
  projectFileWorkflow,
  projectPlanWorkflow,
} from '@trialab/api-contract';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useRecordId } from '../../../components/FormPage';
import { dash, formatTimeAs } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';
import { useEndpointQuery } from '../../../services/query';
import { PLAN_PAGES } from '../plan/parts';
import { DETAIL as PROGRESS_DETAIL } from '../progress/parts';

type Overview = DataOf<Contract['project']['overview']>;
type SiteRow = Overview['sites'][number];

/** `?status=a&status=b&projectId=N`: the list filtered to what a figure counted. */
const filtered = (path: string, projectId: number, states: readonly string[]) =>
  `${path}?${new URLSearchParams([['projectId', String(projectId)], ...states.map((s) => ['status', s])])}`;

/** The pages the figures open, filtered to the project and the states counted (the server counts them so). */
export const overviewLinks = (projectId: number) => ({
  queries: filtered('/project/question', projectId, OPEN_QUERY_STATES),
  feedback: filtered('/project/feedback', projectId, OPEN_FEEDBACK_STATES),
  reports: filtered('/project/report-review', projectId, ['pending']),
  edit: `/project/create-file?id=${projectId}`,
});

const sum = (sites: readonly SiteRow[], key: 'subjects' | 'samples') => sites.reduce((n, s) => n + s[key], 0);

/**
 * /project/overview?id=N: a project at a glance, where the project list opens a project. Enrolment and
 * samples by site, plan versions, the progress plan's stages and overdue tasks, and the work waiting
 * (queries, bench exceptions, reports to review), each a link to its list filtered to what it counts.
 * Editing the record is an action here.
 */
export default function ProjectOverviewPage() {
  const { t } = useTranslation('projectFile', { keyPrefix: 'overview' });
  const id = useRecordId();
  const navigate = useNavigate();
  const query = useEndpointQuery(
    (c) => c.project.overview,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  );
  const view = query.data?.data;
  if (id === null) return <Empty />;
  if (!view) return <Card loading />;
  const { project } = view;
  const links = overviewLinks(project.id);
  const figures = [
    { key: 'subjects', value: sum(view.sites, 'subjects') },
    { key: 'samples', value: sum(view.sites, 'samples') },
    { key: 'openQueries', value: view.openQueries, to: links.queries },
    { key: 'openFeedback', value: view.openFeedback, to: links.feedback },
    { key: 'pendingReports', value: view.pendingReports, to: links.reports },
  ] as const;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="project-overview">
      <Card
        title={
          <Space>
            <span>
              {project.projectNo} {project.name}
            </span>
            <StatusTag workflow={projectFileWorkflow} status={project.status} />
          </Space>
        }
        extra={
          project.status !== 'closed' && (
            <Permission value={[PROJECT_FILE_PERMISSIONS.edit]}>
              <Button onClick={() => navigate(links.edit)} data-testid="project-overview-edit">
                {t('edit')}
              </Button>
            </Permission>
          )
        }
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label={t('protocolNo')}>{dash(project.protocolNo)}</Descriptions.Item>
          <Descriptions.Item label={t('sponsor')}>{dash(project.sponsor)}</Descriptions.Item>
          <Descriptions.Item label={t('manager')}>{dash(project.managerName)}</Descriptions.Item>
          <Descriptions.Item label={t('period')}>
            {dash(project.startDate)} ~ {dash(project.endDate)}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={16}>
        {figures.map((figure) => {
          const statistic = <Statistic title={t(figure.key)} value={figure.value} />;
          return (
            <Col key={figure.key} flex="1 1 0">
              <Card size="small" hoverable={'to' in figure} data-testid={`project-overview-${figure.key}`}>
                {'to' in figure ? <Link to={figure.to}>{statistic}</Link> : statistic}
              </Card>
            </Col>
          );
        })}
      </Row>

      <Card title={t('sites')} size="small">
        <Table<SiteRow>
          rowKey="siteId"
          size="small"
          pagination={false}
          dataSource={view.sites}
          data-testid="project-overview-sites"
          columns={[
            {
              dataIndex: 'name',
              title: t('site'),
              ellipsis: true,
              render: (_, row) => `${row.centerNo} ${row.name}`,
            },
            { dataIndex: 'subjects', title: t('subjectsApproved'), width: 120, align: 'right' },
            { dataIndex: 'subjectsPending', title: t('subjectsPending'), width: 150, align: 'right' },
            { dataIndex: 'samples', title: t('samplesSigned'), width: 140, align: 'right' },
            { dataIndex: 'inTransit', title: t('inTransit'), width: 150, align: 'right' },
            {
              dataIndex: 'lastReceivedAt',
              title: t('lastReceived'),
              width: 170,
              render: (v: string | null) => formatTimeAs(v, 'minute'),
            },
          ]}
          summary={(rows) => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('allSites')}</Table.Summary.Cell>
              {(['subjects', 'subjectsPending', 'samples', 'inTransit'] as const).map((key, i) => (
                <Table.Summary.Cell key={key} index={i + 1} align="right">
                  {rows.reduce((n, r) => n + r[key], 0)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={5} />
            </Table.Summary.Row>
          )}
        />
      </Card>

      <Row gutter={16}>
        <Col span={10}>
          <Card title={t('plans')} size="small" style={{ height: '100%' }}>
            <List
              size="small"
              dataSource={view.plans}
              locale={{ emptyText: t('noPlans') }}
              data-testid="project-overview-plans"
              renderItem={(plan) => (
                <List.Item extra={<StatusTag workflow={projectPlanWorkflow} status={plan.status} />}>
                  <Link to={`${PLAN_PAGES.detail}?id=${plan.id}`} style={{ whiteSpace: 'nowrap' }}>
                    {plan.planNo} V{plan.revision}
                  </Link>
                  <Typography.Text
                    type="secondary"
                    ellipsis={{ tooltip: plan.name }}
                    style={{ marginLeft: 8, maxWidth: 220 }}
                  >
                    {plan.name}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={14}>
          <ProgressCard progress={view.progress} />
        </Col>
      </Row>
    </Space>
  );
}

/** The progress plan's stages (done of total, overdue in red) and its overdue tasks. */
function ProgressCard({ progress }: { progress: Overview['progress'] }) {
  const { t } = useTranslation('projectFile', { keyPrefix: 'overview' });
  if (!progress)
    return (
      <Card title={t('progress')} size="small" style={{ height: '100%' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProgress')} />
      </Card>
    );
  return (
    <Card
      title={t('progress')}
      size="small"
      style={{ height: '100%' }}
      data-testid="project-overview-progress"
      extra={
        <Space>
          <Link to={`${PROGRESS_DETAIL}?id=${progress.planId}`}>{progress.name}</Link>
          <StatusTag workflow={progressPlanWorkflow} status={progress.status} />
        </Space>
      }
    >
      {progress.stages.map((stage) => (
        <Row key={stage.stage} gutter={8} align="middle" wrap={false}>
          <Col flex="160px">
            <Typography.Text ellipsis={{ tooltip: stage.stage }}>{stage.stage}</Typography.Text>
          </Col>
          <Col flex="auto">
            <Progress
              percent={Math.round((stage.done / Math.max(stage.total, 1)) * 100)}
              status={stage.overdue > 0 ? 'exception' : undefined}
              format={() => t('done', { done: stage.done, total: stage.total })}
            />
          </Col>
        </Row>
      ))}
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('overdue')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={progress.overdue}
        locale={{ emptyText: t('noOverdue') }}
        data-testid="project-overview-overdue"
        columns={[
          { dataIndex: 'name', title: t('overdue'), ellipsis: true },
          { dataIndex: 'stage', title: t('stage'), width: 140, ellipsis: true },
          { dataIndex: 'ownerName', title: t('owner'), width: 100, render: (v: string | null) => dash(v) },
          {
            dataIndex: 'plannedDue',
            title: t('due'),
            width: 110,
            render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
