import { REPORT_PERMISSIONS, type TestOrderRow, testOrderWorkflow } from '@trialab/api-contract';
import { Button, Modal, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { dash } from '../../../../components/format';
import { ListPage, useUrlTab } from '../../../../components/ListPage';
import { stateText } from '../../../../components/StatusTag';
import { usePaged } from '../../../../components/usePaged';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { useCameraPage } from '../../../../devices/hooks';
import { callEndpoint } from '../../../../services/endpoint';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { RequisitionImages, useOrderColumns } from '../TestOrderParts';

/** /laboratory/before-analysis/test-project-review: a second person checks orders against the requisition. */
const STATES = { submitted: 'submitted', approved: 'approved', rejected: 'rejected' } as const;

export default function TestProjectReviewPage() {
  useCameraPage();
  const { t } = useTranslation();
  const { t: s } = useTranslation('lab', { keyPrefix: 'subject' });
  const { can } = useAccess();
  const userId = useSession((state) => state.user?.id);
  const navigate = useNavigate();
  // The home to-do opens it as ?status=submitted, the day to-do as ?status=approved (awaiting results).
  const [status, setStatus] = useUrlTab<TestOrderRow['status']>(STATES, 'submitted');
  const list = usePaged((c) => c.testOrder.paging, { status });
  const columns = useOrderColumns();
  /** An approved order whose results are not entered leads to the result entry of its items. */
  const enterResults = (row: TestOrderRow) =>
    navigate(`/laboratory/after-analysis/report-list?testOrderId=${row.id}`);
  const canEnter = (row: TestOrderRow) =>
    row.status === 'approved' && row.reportId === null && can(REPORT_PERMISSIONS.enter);
  const [current, setCurrent] = useState<TestOrderRow | null>(null);

  /** A refusal (shown by the request helper) rejects, so WorkflowActions keeps the reason dialog open. */
  const decide = async (order: TestOrderRow, action: 'approve' | 'reject', reason: string | null) => {
    await callEndpoint((c) => c.testOrder.review, {
      params: { id: order.id },
      body: { version: order.version, action, reason },
    });
    feedback.success(s(action === 'approve' ? 'approved' : 'rejected'));
    setCurrent(null);
    await list.reload();
  };

  return (
    <ListPage<TestOrderRow>
      list={list}
      rowKey="id"
      columns={columns}
      header={
        <Segmented<TestOrderRow['status']>
          value={status}
          onChange={setStatus}
          options={(['submitted', 'approved', 'rejected'] as const).map((state) => ({
            value: state,
            label: stateText(testOrderWorkflow, state),
          }))}
          style={{ marginBottom: 12 }}
        />
      }
      actions={{
        items: [
          { label: s('view'), onClick: (row) => setCurrent(row) },
          {
            label: t('labQueries.results.enter'),
            testId: (row) => `order-enter-${row.barcode}`,
            hidden: (row) => !canEnter(row),
            onClick: (row) => enterResults(row),
          },
        ],
      }}
    >
      <Modal
        open={current !== null}
        title={current?.barcode}
        footer={null}
        onCancel={() => setCurrent(null)}
        width={640}
      >
        {current && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div>
              {current.subjectNo} {current.subjectName} · {dash(current.visit)}
            </div>
            <div>{current.testItems.map((i) => `${i.code} ${i.name}`).join('、')}</div>
            <RequisitionImages fileIds={current.requisitionFileIds} />
            {current.createdBy === userId && current.status === 'submitted' && (
              <span style={{ opacity: 0.7 }}>{s('ownEntry')}</span>
            )}
            <Space>
              <WorkflowActions
                workflow={testOrderWorkflow}
                state={current.status}
                isApplicant={current.createdBy === userId}
                actions={{
                  approve: { label: s('approve'), onClick: () => decide(current, 'approve', null) },
                  reject: {
                    label: s('reject'),
                    danger: true,
                    reason: {
                      title: s('confirmReject'),
                      placeholder: s('rejectReason'),
                      testId: 'order-reject',
                    },
                    onClick: (reason) => decide(current, 'reject', reason),
                  },
                }}
              />
              {canEnter(current) && (
                <Button type="primary" onClick={() => enterResults(current)}>
                  {t('labQueries.results.enter')}
                </Button>
              )}
            </Space>
          </Space>
        )}
      </Modal>
    </ListPage>
  );
}
