import {
  RECEIPT_PERMISSIONS,
  REPORT_PERMISSIONS,
  SUBJECT_PERMISSIONS,
  TEST_ORDER_PERMISSIONS,
} from '@trialab/api-contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { dash } from '../../../../components/format';
import type { lab } from '../../../../locales/zh-CN/lab';
import { useEndpointQuery } from '../../../../services/query';

interface Todo {
  key: keyof typeof lab.todo;
  permission: string;
  path: string;
  /** The count (a hook): the total of one row of the list it links to. */
  useTotal(): number | undefined;
}

const one = { page: 1, size: 1 } as const;

/** What waits for the laboratory today, each linking to its page; only what the user may open. */
const TODOS: Todo[] = [
  {
    key: 'receipt',
    permission: RECEIPT_PERMISSIONS.page,
    path: '/express/sign',
    useTotal: () =>
      useEndpointQuery((c) => c.receipt.paging, { body: { ...one, status: 'picked_up' } }).data?.total,
  },
  {
    key: 'subjects',
    permission: SUBJECT_PERMISSIONS.review,
    path: '/laboratory/before-analysis/subject-review',
    useTotal: () =>
      useEndpointQuery((c) => c.subject.paging, { body: { ...one, status: 'submitted', othersOnly: true } })
        .data?.total,
  },
  {
    key: 'orders',
    permission: TEST_ORDER_PERMISSIONS.review,
    path: '/laboratory/before-analysis/test-project-review',
    useTotal: () =>
      useEndpointQuery((c) => c.testOrder.paging, { body: { ...one, status: 'submitted' } }).data?.total,
  },
  {
    key: 'results',
    permission: REPORT_PERMISSIONS.enter,
    path: '/laboratory/before-analysis/test-project-review?status=approved',
    useTotal: () =>
      useEndpointQuery((c) => c.testOrder.paging, { body: { ...one, awaitingResults: true } }).data?.total,
  },
  {
    key: 'review',
    permission: REPORT_PERMISSIONS.review,
    path: '/laboratory/after-analysis/report-list',
    useTotal: () =>
      useEndpointQuery((c) => c.report.paging, { body: { ...one, status: ['entered'] } }).data?.total,
  },
  {
    key: 'release',
    permission: REPORT_PERMISSIONS.release,
    path: '/laboratory/after-analysis/report-list',
    useTotal: () =>
      useEndpointQuery((c) => c.report.paging, { body: { ...one, status: ['reviewed'] } }).data?.total,
  },
  {
    key: 'returned',
    permission: REPORT_PERMISSIONS.edit,
    path: '/laboratory/after-analysis/report-list',
    useTotal: () =>
      useEndpointQuery((c) => c.report.paging, { body: { ...one, status: ['returned'] } }).data?.total,
  },
  {
    key: 'revisions',
    permission: REPORT_PERMISSIONS.reviewRevision,
    path: '/laboratory/after-analysis/report-modify-review',
    useTotal: () =>
      useEndpointQuery((c) => c.report.paging, { body: { ...one, status: ['revision_pending'] } }).data
        ?.total,
  },
];

/** One to-do and its count (its own component: each asks its endpoint). */
function TodoCard({ todo, onOpen }: { todo: Todo; onOpen(): void }) {
  const { t } = useTranslation('lab', { keyPrefix: 'todo' });
  const total = todo.useTotal();
  return (
    <Card hoverable onClick={onOpen} data-testid={`todo-${todo.key}`}>
      <Statistic title={t(todo.key)} value={dash(total)} />
    </Card>
  );
}

/** /laboratory/before-analysis/day-todo: today's to-do of the laboratory. */
export default function DayTodoPage() {
  const navigate = useNavigate();
  const { can } = useAccess();
  const shown = TODOS.filter((todo) => can(todo.permission));

  return (
    <Row gutter={[16, 16]}>
      {shown.map((todo) => (
        <Col key={todo.key} xs={12} md={8} xl={6}>
          <TodoCard todo={todo} onOpen={() => navigate(todo.path)} />
        </Col>
      ))}
    </Row>
  );
}
