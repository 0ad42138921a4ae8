import {
  type DataOf,
  PROJECT_FILE_PERMISSIONS,
  PROJECT_STATES,
  type ProjectState,
  projectFileWorkflow,
  projectStateOf,
  projectStatusCode,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { ListPage, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

type Row = DataOf<Contract['project']['page']>[number];

/** The filter keeps the state's name, so a to-do link's `?status=prepare` fills it. */
interface Filter {
  projectNo?: string;
  name?: string;
  sponsor?: string;
  status?: ProjectState;
  managerId?: number;
}

const P = PROJECT_FILE_PERMISSIONS;

/** /project/file: the project records with their state; start, pause, resume, close, edit, delete. */
export default function ProjectFilePage() {
  const { t } = useTranslation('projectFile', { keyPrefix: 'list' });
  const { t: tr } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage((c) => c.project.page, {} as Filter, {
    url: { status: 'one' },
    toBody: ({ status, ...rest }: Filter) => ({
      ...rest,
      status: status && PROJECT_STATES.includes(status) ? projectStatusCode(status) : undefined,
    }),
  });
  const managers = useEndpointQuery((c) => c.project.projectManagers).data?.data ?? [];
  const [run] = useAction();

  const fire = (row: Row, action: 'start' | 'pause' | 'resume' | 'close') => (reason: string | null) =>
    callEndpoint((c) => c.project.updateStatus, {
      body: { id: row.id, version: row.version, action, reason: reason ?? undefined },
    }).then(list.reload);

  const remove = async (row: Row) => {
    if (!(await confirmed({ content: t('confirmRemove', { projectNo: row.projectNo }) }))) return;
    await run(
      () => callEndpoint((c) => c.project.delete, { params: { id: row.id } }).then(list.reload),
      t('removedOk'),
    );
  };

  const columns: DataColumn<Row>[] = [
    {
      // A project opens on its overview; editing is an action there and in the row.
      ...col.projectNo(),
      render: (projectNo: string, row) => (
        <Link to={`/project/overview?id=${row.id}`} data-testid={`project-file-open-${projectNo}`}>
          {projectNo}
        </Link>
      ),
    },
    col.localName<Row>(t('name')),
    col.text('protocolNo', t('protocolNo'), 140),
    col.text('sponsor', t('sponsor'), 140),
    {
      dataIndex: 'status',
      title: tr('fields.status'),
      width: 110,
      render: (v: number) => <StatusTag workflow={projectFileWorkflow} status={projectStateOf(v)} />,
    },
    col.text('managerName', t('manager'), 110),
    col.text('backupManagerName', t('backupManager'), 120),
    col.text('startDate', t('startDate'), 110),
    col.text('endDate', t('endDate'), 110),
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.file"
      columns={columns}
      filters={
        <>
          <Form.Item name="projectNo" label={tr('fields.projectNo')}>
            <Input allowClear maxLength={32} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="name" label={t('name')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="sponsor" label={t('sponsor')}>
            <Input allowClear maxLength={128} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={tr('fields.status')}>
            <Select
              allowClear
              style={{ width: 130 }}
              data-testid="project-file-status"
              options={PROJECT_STATES.map((s) => ({
                value: s,
                label: <StatusTag workflow={projectFileWorkflow} status={s} />,
              }))}
            />
          </Form.Item>
          <Form.Item name="managerId" label={t('manager')}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={managers.map((m) => ({ value: m.id, label: m.username }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[P.add]}>
          <Button
            type="primary"
            data-testid="project-file-create"
            onClick={() => navigate('/project/create-file')}
          >
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 220,
        render: (row) => (
          <WorkflowActions
            workflow={projectFileWorkflow}
            state={projectStateOf(row.status)}
            before={
              <Space size={0}>
                {projectStateOf(row.status) !== 'closed' && (
                  <Permission value={[P.edit]}>
                    <Button
                      type="link"
                      size="small"
                      data-testid={`project-file-edit-${row.projectNo}`}
                      onClick={() => navigate(`/project/create-file?id=${row.id}`)}
                    >
                      {t('edit')}
                    </Button>
                  </Permission>
                )}
              </Space>
            }
            after={
              projectStateOf(row.status) === 'prepare' && (
                <Permission value={[P.delete]}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid={`project-file-remove-${row.projectNo}`}
                    onClick={() => void remove(row)}
                  >
                    {t('remove')}
                  </Button>
                </Permission>
              )
            }
            actions={{
              start: {
                label: t('start'),
                testId: `project-file-start-${row.projectNo}`,
                confirm: t('confirmStart', { projectNo: row.projectNo }),
                onClick: fire(row, 'start'),
              },
              pause: {
                label: t('pause'),
                testId: `project-file-pause-${row.projectNo}`,
                reason: {
                  title: t('pauseReason'),
                  placeholder: t('reasonHint'),
                  testId: 'project-file-reason',
                },
                onClick: fire(row, 'pause'),
              },
              resume: {
                label: t('resume'),
                testId: `project-file-resume-${row.projectNo}`,
                onClick: fire(row, 'resume'),
              },
              close: {
                label: t('close'),
                danger: true,
                testId: `project-file-close-${row.projectNo}`,
                reason: {
                  title: t('closeReason'),
                  placeholder: t('reasonHint'),
                  testId: 'project-file-reason',
                },
                onClick: fire(row, 'close'),
              },
            }}
          />
        ),
      }}
    />
  );
}
