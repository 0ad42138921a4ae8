import { type DataOf, workflowById } from '@trialab/api-contract';
import { Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';
import { useEndpointQuery } from '../../../services/query';
import { actionWords, kindLink, kindName, workflowName } from '../words';

type TaskRow = DataOf<Contract['todo']['page']>[number];
type Filter = { workflow?: string; state?: string };

/** /home/todo-task: the pending items one by one, oldest first, with their age and who raised them. */
export default function TodoTaskPage() {
  const { t } = useTranslation('home');
  const list = useListPage((c) => c.todo.page, {} as Filter, { url: { workflow: 'one', state: 'one' } });
  const kinds = useEndpointQuery((c) => c.todo.counts).data?.data ?? [];
  // Items one by one are workflow records; counted to-dos are tiles only.
  const workflows = [...new Set(kinds.map((k) => k.workflow))].filter((w) => workflowById(w));
  const age = (at: string | null) => {
    if (!at) return '-';
    const hours = dayjs().diff(dayjs(at), 'hour');
    return hours < 24 ? t('hours', { count: hours }) : t('days', { count: Math.floor(hours / 24) });
  };
  const columns: DataColumn<TaskRow>[] = [
    col.text('number', t('number'), 180),
    { dataIndex: 'workflow', title: t('kind'), render: (_: unknown, row: TaskRow) => kindName(row) },
    { dataIndex: 'actions', title: t('toDo'), render: (_: unknown, row: TaskRow) => actionWords(row) },
    {
      dataIndex: 'age',
      title: t('age'),
      width: 100,
      render: (_: unknown, row: TaskRow) => age(row.createdAt),
    },
    { dataIndex: 'createdBy', title: t('createdBy'), width: 120, render: (v: string | null) => dash(v) },
    col.time('createdAt', t('createdAt')),
  ];
  return (
    <ListPage<TaskRow, Filter>
      list={list}
      rowKey={(row) => `${row.workflow}-${row.route}-${row.id}`}
      code="home.todo-task"
      columns={columns}
      filters={
        <Form.Item name="workflow" label={t('kind')}>
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('all')}
            options={workflows.map((w) => ({ value: w, label: workflowName(w) }))}
          />
        </Form.Item>
      }
      actions={{
        width: 100,
        render: (row) => (
          <Link to={kindLink(row)} data-testid={`todo-open-${row.number}`}>
            {t('open')}
          </Link>
        ),
      }}
    />
  );
}
