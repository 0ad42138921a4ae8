import { type DataOf, type ProgressTaskState, progressTaskWorkflow } from '@trialab/api-contract';
import { Col, Form, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { DynamicFields } from '../../../../components/DynamicForm';
import { FormModal } from '../../../../components/FormModal';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { stateText } from '../../../../components/StatusTag';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import type { Contract } from '../../../../services/contract';
import { callEndpoint } from '../../../../services/endpoint';

type Row = DataOf<Contract['progress']['myTasks']>[number];
type Filter = { status?: ProgressTaskState };

/** /project/progress/task-doing: my open tasks, earliest due first; start them, fill their form and complete. */
export default function TaskDoingPage() {
  const { t } = useTranslation('projectProgress');
  const list = useListPage((c) => c.progress.myTasks, {} as Filter, { url: { status: 'one' } });
  const [filling, setFilling] = useState<Row | null>(null);

  const complete = async (row: Row, values: Record<string, unknown>) => {
    await callEndpoint((c) => c.progress.completeTask, {
      params: { id: row.id },
      body: { version: row.version, values },
    });
    await list.reload();
  };
  const columns: DataColumn<Row>[] = [
    col.projectNo<Row>(),
    col.text<Row>('stage', t('task.stage'), 120),
    col.text<Row>('name', t('task.name'), 200),
    col.text<Row>('plannedStart', t('task.plannedStart'), 110),
    {
      dataIndex: 'plannedDue',
      title: t('task.plannedDue'),
      width: 160,
      render: (due: string, row: Row) => (
        <Space>
          {due}
          {row.overdue && (
            <Tag color="error" data-testid={`task-overdue-${row.id}`}>
              {t('task.overdue')}
            </Tag>
          )}
        </Space>
      ),
    },
    col.status<Row>(progressTaskWorkflow),
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.progress.task-doing"
      columns={columns}
      filters={
        <Col span={6}>
          <Form.Item name="status" label={t('shared.status')}>
            <Select
              allowClear
              options={(['todo', 'doing', 'approval'] as const).map((s) => ({
                value: s,
                label: stateText(progressTaskWorkflow, s),
              }))}
            />
          </Form.Item>
        </Col>
      }
      actions={{
        width: 180,
        render: (row) => (
          <WorkflowActions
            workflow={progressTaskWorkflow}
            state={row.status}
            isApplicant
            actions={{
              start: {
                label: t('task.start'),
                testId: `task-start-${row.id}`,
                onClick: () =>
                  callEndpoint((c) => c.progress.startTask, {
                    params: { id: row.id },
                    body: { version: row.version },
                  }).then(() => list.reload()),
              },
              [row.needsApproval ? 'submit' : 'complete']: {
                label: row.fields ? t('task.fill') : t('task.complete'),
                testId: `task-complete-${row.id}`,
                onClick: () => setFilling(row),
              },
            }}
          />
        ),
      }}
    >
      <FormModal<Record<string, unknown>>
        open={filling !== null}
        title={filling ? `${filling.stage} / ${filling.name}` : ''}
        onSave={async (values) => {
          if (filling) await complete(filling, values);
        }}
        onClose={() => setFilling(null)}
        testId="task-form"
      >
        {filling?.fields ? <DynamicFields fields={filling.fields} /> : null}
      </FormModal>
    </ListPage>
  );
}
