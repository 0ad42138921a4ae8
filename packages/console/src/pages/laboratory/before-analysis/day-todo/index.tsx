import {
  RECEIPT_PERMISSIONS,
  REPORT_PERMISSIONS,
  SUBJECT_PERMISSIONS,
  TEST_ORDER_PERMISSIONS,
} from '@trialab/api-contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { dash } from '../../../../components/format';
import { labApi } from '../../../../services/lab';

interface Todo {
  key: string;
  permission: string;
  path: string;
  count: () => Promise<number>;
}

const one = { page: 1, size: 1 } as const;

/** What waits for the laboratory today, each linking to its page; only what the user may open. */
const TODOS: Todo[] = [
  {
    key: 'receipt',
    permission: RECEIPT_PERMISSIONS.page,
    path: '/express/sign',
    count: async () => (await labApi.receiptPaging({ ...one, status: 'picked_up' })).total ?? 0,
  },
  {
    key: 'subjects',
    permission: SUBJECT_PERMISSIONS.review,
    path: '/laboratory/before-analysis/subject-review',
    count: async () =>
      (await labApi.subjectPaging({ ...one, status: 'submitted', othersOnly: true })).total ?? 0,
  },
  {
    key: 'orders',
    permission: TEST_ORDER_PERMISSIONS.review,
    path: '/laboratory/before-analysis/test-project-review',
    count: async () => (await labApi.testOrderPaging({ ...one, status: 'submitted' })).total ?? 0,
  },
  {
    key: 'results',
    permission: REPORT_PERMISSIONS.enter,
    path: '/laboratory/before-analysis/test-project-review?status=approved',
    count: async () => (await labApi.testOrderPaging({ ...one, awaitingResults: true })).total ?? 0,
  },
  {
    key: 'review',
    permission: REPORT_PERMISSIONS.review,
    path: '/laboratory/after-analysis/report-list',
    count: async () => (await labApi.reportPaging({ ...one, status: ['entered'] })).total ?? 0,
  },
  {
    key: 'release',
    permission: REPORT_PERMISSIONS.release,
    path: '/laboratory/after-analysis/report-list',
    count: async () => (await labApi.reportPaging({ ...one, status: ['reviewed'] })).total ?? 0,
  },
  {
    key: 'returned',
    permission: REPORT_PERMISSIONS.edit,
    path: '/laboratory/after-analysis/report-list',
    count: async () => (await labApi.reportPaging({ ...one, status: ['returned'] })).total ?? 0,
  },
  {
    key: 'revisions',
    permission: REPORT_PERMISSIONS.reviewRevision,
    path: '/laboratory/after-analysis/report-modify-review',
    count: async () => (await labApi.reportPaging({ ...one, status: ['revision_pending'] })).total ?? 0,
  },
];

/** /laboratory/before-analysis/day-todo: today's to-do of the laboratory. */
export default function DayTodoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const shown = TODOS.filter((todo) => can(todo.permission));
  const [counts, setCounts] = useState<Record<string, number>>({});

  const keys = shown.map((todo) => todo.key).join(',');
  useEffect(() => {
    let live = true;
    for (const todo of TODOS.filter((x) => keys.split(',').includes(x.key))) {
      todo
        .count()
        .then((n) => live && setCounts((c) => ({ ...c, [todo.key]: n })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [keys]);

  return (
    <Row gutter={[16, 16]}>
      {shown.map((todo) => (
        <Col key={todo.key} xs={12} md={8} xl={6}>
          <Card hoverable onClick={() => navigate(todo.path)} data-testid={`todo-${todo.key}`}>
            <Statistic title={t(`lab.todo.${todo.key}`)} value={dash(counts[todo.key])} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
