import {
  availableActions,
  REPORT_PERMISSIONS,
  type TestOrderRow,
  testOrderWorkflow,
} from '@trialab/api-contract';
import { Button, Card, Input, Modal, Segmented, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { dash } from '../../../../components/format';
import { useCameraPage } from '../../../../devices/hooks';
import { labApi } from '../../../../services/lab';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { OrderTable, RequisitionImages } from '../TestOrderParts';

/** /laboratory/before-analysis/test-project-review: a second person checks orders against the requisition. */
export default function TestProjectReviewPage() {
  useCameraPage();
  const { t } = useTranslation();
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The day to-do opens the approved orders (those awaiting results).
  const [status, setStatus] = useState<TestOrderRow['status']>(
    params.get('status') === 'approved' ? 'approved' : 'submitted',
  );
  /** An approved order whose results are not entered leads to the result entry of its items. */
  const enterResults = (row: TestOrderRow) =>
    navigate(`/laboratory/after-analysis/report-list?testOrderId=${row.id}`);
  const canEnter = (row: TestOrderRow) =>
    row.status === 'approved' && row.reportId === null && can(REPORT_PERMISSIONS.enter);
  const [rows, setRows] = useState<TestOrderRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ page: 1, size: 10 });
  const [current, setCurrent] = useState<TestOrderRow | null>(null);
  const [reason, setReason] = useState('');

  const load = useCallback(async () => {
    try {
      const r = await labApi.testOrderPaging({ ...page, status });
      setRows(r.data);
      setTotal(r.total ?? 0);
    } catch {
      // Shown by the request helper.
    }
  }, [page, status]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (action: 'approve' | 'reject') => {
    if (!current) return;
    try {
      await labApi.testOrderReview(current.id, {
        version: current.version,
        action,
        reason: reason.trim() || null,
      });
      feedback.success(t(action === 'approve' ? 'lab.subject.approved' : 'lab.subject.rejected'));
      setCurrent(null);
      setReason('');
      await load();
    } catch {
      // Shown by the request helper.
    }
  };

  const actions = current
    ? availableActions(testOrderWorkflow, current.status, {
        can: (p) => can(p),
        isApplicant: current.createdBy === userId,
      })
    : [];
  return (
    <Card>
      <Segmented<TestOrderRow['status']>
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        options={(['submitted', 'approved', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`lab.subject.states.${s}`),
        }))}
        style={{ marginBottom: 12 }}
      />
      <OrderTable
        rows={rows}
        total={total}
        page={page}
        onPage={(p, size) => setPage({ page: p, size })}
        action={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setCurrent(row)}>
              {t('lab.common.view')}
            </Button>
            {canEnter(row) && (
              <Button
                type="link"
                size="small"
                onClick={() => enterResults(row)}
                data-testid={`order-enter-${row.barcode}`}
              >
                {t('labQueries.results.enter')}
              </Button>
            )}
          </>
        )}
      />
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
              <span style={{ opacity: 0.7 }}>{t('lab.subject.ownEntry')}</span>
            )}
            {actions.includes('reject') && (
              <Input.TextArea
                rows={2}
                maxLength={255}
                placeholder={t('lab.subject.rejectReason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
            <Space>
              {actions.includes('approve') && (
                <Button type="primary" onClick={() => void decide('approve')}>
                  {t('lab.subject.approve')}
                </Button>
              )}
              {actions.includes('reject') && (
                <Button danger disabled={!reason.trim()} onClick={() => void decide('reject')}>
                  {t('lab.subject.reject')}
                </Button>
              )}
              {canEnter(current) && (
                <Button type="primary" onClick={() => enterResults(current)}>
                  {t('labQueries.results.enter')}
                </Button>
              )}
            </Space>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
