import { availableActions, type SubjectRow, subjectRegistrationWorkflow } from '@trialab/api-contract';
import { Button, Card, Descriptions, Input, Modal, Segmented, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../access/useAccess';
import { dash, formatTimeAs } from '../../../../components/format';
import { useCameraPage } from '../../../../devices/hooks';
import { labApi } from '../../../../services/lab';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { SubjectStatus } from '../subjectStatus';

/** /laboratory/before-analysis/subject-review: a second person approves or rejects registrations. */
export default function SubjectReviewPage() {
  useCameraPage();
  const { t } = useTranslation();
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [status, setStatus] = useState<SubjectRow['status']>('submitted');
  const [rows, setRows] = useState<SubjectRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ page: 1, size: 10 });
  const [current, setCurrent] = useState<SubjectRow | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const load = useCallback(async () => {
    try {
      const response = await labApi.subjectPaging({ ...page, status });
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // Shown by the request helper.
    }
  }, [page, status]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (row: SubjectRow, action: 'approve' | 'reject') => {
    try {
      await labApi.subjectReview(row.id, {
        version: row.version,
        action,
        reason: action === 'reject' ? reason.trim() : null,
      });
      feedback.success(t(action === 'approve' ? 'lab.subject.approved' : 'lab.subject.rejected'));
      setCurrent(null);
      setRejecting(false);
      setReason('');
      await load();
    } catch {
      // Shown by the request helper (own entry, stale, state).
    }
  };

  const actionsOf = (row: SubjectRow) =>
    availableActions(subjectRegistrationWorkflow, row.status, {
      can: (permission) => can(permission),
      isApplicant: row.createdBy === userId,
    }).filter((a): a is 'approve' | 'reject' => a === 'approve' || a === 'reject');

  return (
    <Card>
      <Segmented<SubjectRow['status']>
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
      <Table<SubjectRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
        columns={[
          { dataIndex: 'subjectNo', title: t('lab.subject.subjectNo') },
          { dataIndex: 'name', title: t('lab.subject.name') },
          { dataIndex: 'projectNo', title: t('lab.receipt.project') },
          { dataIndex: 'siteName', title: t('lab.receipt.site') },
          { dataIndex: 'createdByName', title: t('lab.subject.enteredBy') },
          {
            dataIndex: 'status',
            title: t('lab.receipt.status'),
            render: (v: SubjectRow['status']) => <SubjectStatus status={v} />,
          },
          {
            dataIndex: 'actions',
            title: t('lab.common.actions'),
            render: (_: unknown, row: SubjectRow) => (
              <Button type="link" size="small" onClick={() => setCurrent(row)}>
                {t('lab.common.view')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={current !== null}
        title={t('lab.subject.reviewTitle')}
        onCancel={() => {
          setCurrent(null);
          setRejecting(false);
        }}
        footer={null}
        width={720}
      >
        {current && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={2} data-testid="subject-review-detail">
              <Descriptions.Item label={t('lab.subject.subjectNo')}>{current.subjectNo}</Descriptions.Item>
              <Descriptions.Item label={t('lab.subject.name')}>{current.name}</Descriptions.Item>
              <Descriptions.Item label={t('lab.receipt.project')}>{current.projectNo}</Descriptions.Item>
              <Descriptions.Item label={t('lab.receipt.site')}>
                {current.centerNo} {current.siteName}
              </Descriptions.Item>
              <Descriptions.Item label={t('lab.device.cardType')}>
                {t(`lab.device.cardTypes.${current.cardType}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('lab.device.cardId')}>{current.cardNoMasked}</Descriptions.Item>
              <Descriptions.Item label={t('lab.subject.birthday')}>
                {dash(current.birthday)}
              </Descriptions.Item>
              <Descriptions.Item label={t('lab.device.confidence')}>
                {current.faceConfidence} / {current.faceThreshold}
              </Descriptions.Item>
              <Descriptions.Item label={t('lab.subject.fingerprint')}>
                {current.fingerprintEnrolled
                  ? t('lab.subject.enrolledWith', { vendor: current.fingerprintVendor?.toUpperCase() })
                  : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('lab.subject.enteredBy')}>
                {current.createdByName} {formatTimeAs(current.createdAt, 'minute')}
              </Descriptions.Item>
              {current.reviewedByName && (
                <Descriptions.Item label={t('lab.subject.reviewedBy')} span={2}>
                  {current.reviewedByName}{' '}
                  {current.reviewedAt ? formatTimeAs(current.reviewedAt, 'minute') : ''}{' '}
                  {current.reviewReason ?? ''}
                </Descriptions.Item>
              )}
            </Descriptions>
            {current.createdBy === userId && current.status === 'submitted' && (
              <span style={{ opacity: 0.7 }}>{t('lab.subject.ownEntry')}</span>
            )}
            {rejecting && (
              <Input.TextArea
                rows={2}
                maxLength={255}
                placeholder={t('lab.subject.rejectReason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
            <Space>
              {actionsOf(current).includes('approve') && (
                <Button
                  type="primary"
                  onClick={() => void decide(current, 'approve')}
                  data-testid="subject-approve"
                >
                  {t('lab.subject.approve')}
                </Button>
              )}
              {actionsOf(current).includes('reject') &&
                (rejecting ? (
                  <Button danger disabled={!reason.trim()} onClick={() => void decide(current, 'reject')}>
                    {t('lab.subject.confirmReject')}
                  </Button>
                ) : (
                  <Button danger onClick={() => setRejecting(true)}>
                    {t('lab.subject.reject')}
                  </Button>
                ))}
            </Space>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
