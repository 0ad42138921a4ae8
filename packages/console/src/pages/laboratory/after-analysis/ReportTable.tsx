import { PlusOutlined } from '@ant-design/icons';
import {
  availableActions,
  labReportWorkflow,
  REPORT_PERMISSIONS,
  REPORT_STATES,
  type ReportRow,
  type ReportState,
  reportRevisionWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import type { DataColumn } from '../../../components/DataTable';
import { formatTimeAs } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { stateText } from '../../../components/StatusTag';
import { useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { EDIT_REVISION, ReportDrawer, ReportStatus } from './ReportDrawer';
import { type EntryMode, ResultEntryModal } from './ResultEntryModal';

export interface ReportTableProps {
  /** Table-head configuration code. */
  code: string;
  /** States shown; the user may narrow them. */
  states?: readonly ReportState[];
  abnormal?: boolean;
  /** Show the "enter results" button. */
  canEnter?: boolean;
  /** Rows offer their requester the edit of a revision awaiting review (the revisions list). */
  editRevisions?: boolean;
}

interface Filter {
  status?: ReportState[];
  keyword?: string;
}

/** Report lists of the after-analysis pages (list, revisions, revision review, exceptions). */
export function ReportTable({
  code,
  states = REPORT_STATES,
  abnormal,
  canEnter,
  editRevisions,
}: ReportTableProps) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const list = useListPage((c) => c.report.paging, {} as Filter, {
    // No state chosen: the page's states (a link's ?status= outside them is dropped).
    toBody: ({ status, keyword }: Filter) => {
      const chosen = status?.filter((s) => states.includes(s));
      return {
        status: chosen?.length ? chosen : [...states],
        ...(keyword ? { keyword } : {}),
        ...(abnormal !== undefined ? { abnormal } : {}),
      };
    },
    // The home to-do opens the list as ?status=<state>.
    url: { status: 'many' },
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const editable = (row: ReportRow) =>
    availableActions(reportRevisionWorkflow, row.status, {
      can,
      isApplicant: row.createdBy === userId,
    }).includes('editRevision');
  const [entering, setEntering] = useState<EntryMode | null>(null);
  const [params, setParams] = useSearchParams();
  const orderId = canEnter ? Number(params.get('testOrderId')) || null : null;

  // Opened from an approved test order (test-project-review, day to-do): enter that order's results.
  const order = useEndpointQuery(
    (c) => c.testOrder.get,
    { params: { id: orderId ?? 0 } },
    { enabled: orderId !== null },
  ).data?.data;
  const fromOrder = useMemo<EntryMode | null>(
    () => (orderId !== null && order ? { kind: 'order', order } : null),
    [orderId, order],
  );
  const closeEntry = () => {
    setEntering(null);
    if (orderId) setParams({}, { replace: true });
  };

  const columns: DataColumn<ReportRow>[] = [
    { dataIndex: 'reportNo', title: r('reportNo'), width: 190 },
    { dataIndex: 'revision', title: r('revision'), width: 70, render: (v: number) => `v${v}` },
    {
      dataIndex: 'subjectNo',
      title: r('subject'),
      render: (_, row) => `${row.subjectNo} ${row.subjectName}`,
    },
    { dataIndex: 'projectNo', title: t('lab.receipt.project') },
    { dataIndex: 'barcode', title: r('barcode') },
    {
      dataIndex: 'status',
      title: t('lab.receipt.status'),
      // A released version the project manager has not passed on yet has not reached the site.
      render: (v: ReportState, row) => (
        <Space size={4} wrap>
          <ReportStatus status={v} />
          {row.projectReview && row.projectReview !== 'approved' && (
            <Tag
              color={row.projectReview === 'returned' ? 'error' : 'processing'}
              data-testid={`report-project-review-${row.id}`}
            >
              {r(`projectReview.${row.projectReview}`)}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      dataIndex: 'abnormal',
      title: r('flag'),
      width: 80,
      render: (v: boolean) => (v ? <Tag color="error">{r('abnormal')}</Tag> : null),
    },
    { dataIndex: 'createdByName', title: r('enteredBy') },
    {
      dataIndex: 'createdAt',
      title: t('lab.subject.createdAt'),
      render: (v: string) => formatTimeAs(v, 'minute'),
    },
  ];

  return (
    <ListPage<ReportRow, Filter>
      list={list}
      rowKey="id"
      code={code}
      columns={columns}
      filters={
        <>
          <Form.Item name="status">
            <Select<ReportState[]>
              mode="multiple"
              allowClear
              style={{ minWidth: 240 }}
              placeholder={t('lab.receipt.status')}
              aria-label={t('lab.receipt.status')}
              options={states.map((s) => ({ value: s, label: stateText(labReportWorkflow, s) }))}
            />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={r('keyword')} />
          </Form.Item>
        </>
      }
      toolbar={
        canEnter && (
          <Permission value={[REPORT_PERMISSIONS.enter]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEntering({ kind: 'create' })}
              data-testid="report-enter"
            >
              {r('enter')}
            </Button>
          </Permission>
        )
      }
      actions={{
        width: editRevisions ? 140 : 90,
        items: [
          {
            label: t('lab.shared.view'),
            testId: (row) => `report-open-${row.reportNo}-v${row.revision}`,
            onClick: (row) => setOpenId(row.id),
          },
          ...(editRevisions
            ? [
                {
                  label: r('actions.editRevision'),
                  testId: (row: ReportRow) => `report-edit-${row.reportNo}-v${row.revision}`,
                  hidden: (row: ReportRow) => !editable(row),
                  onClick: (row: ReportRow) => navigate(`${EDIT_REVISION}?id=${row.id}`),
                },
              ]
            : []),
        ],
      }}
    >
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} />
      <ResultEntryModal mode={entering ?? fromOrder} onClose={closeEntry} />
    </ListPage>
  );
}
