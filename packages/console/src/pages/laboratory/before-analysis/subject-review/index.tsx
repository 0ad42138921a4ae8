import { type SubjectRow, subjectRegistrationWorkflow } from '@trialab/api-contract';
import { Descriptions, Modal, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { dash, formatTimeAs } from '../../../../components/format';
import { ListPage, useUrlTab } from '../../../../components/ListPage';
import { stateText } from '../../../../components/StatusTag';
import { usePaged } from '../../../../components/usePaged';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { useCameraPage } from '../../../../devices/hooks';
import { callEndpoint } from '../../../../services/endpoint';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';

/** /laboratory/before-analysis/subject-review: a second person approves or rejects registrations. */
const STATES = { submitted: 'submitted', approved: 'approved', rejected: 'rejected' } as const;

export default function SubjectReviewPage() {
  useCameraPage();
  const { t } = useTranslation('lab');
  const { t: s } = useTranslation('lab', { keyPrefix: 'subject' });
  const userId = useSession((state) => state.user?.id);
  // The home to-do opens it as ?status=submitted.
  const [status, setStatus] = useUrlTab<SubjectRow['status']>(STATES, 'submitted');
  const list = usePaged((c) => c.subject.paging, { status });
  const [current, setCurrent] = useState<SubjectRow | null>(null);

  /** A refusal (own entry, stale, state) rejects, so WorkflowActions keeps the reason dialog open. */
  const decide = async (row: SubjectRow, action: 'approve' | 'reject', reason: string | null) => {
    await callEndpoint((c) => c.subject.review, {
      params: { id: row.id },
      body: { version: row.version, action, reason: action === 'reject' ? reason : null },
    });
    feedback.success(s(action === 'approve' ? 'approved' : 'rejected'));
    setCurrent(null);
    await list.reload();
  };

  const columns: DataColumn<SubjectRow>[] = [
    { dataIndex: 'subjectNo', title: s('subjectNo') },
    { dataIndex: 'name', title: s('name') },
    { dataIndex: 'projectNo', title: t('receipt.project') },
    { dataIndex: 'siteName', title: t('receipt.site') },
    { dataIndex: 'createdByName', title: s('enteredBy') },
    col.status(subjectRegistrationWorkflow),
  ];

  return (
    <ListPage<SubjectRow>
      list={list}
      rowKey="id"
      columns={columns}
      header={
        <Segmented<SubjectRow['status']>
          value={status}
          onChange={setStatus}
          options={(['submitted', 'approved', 'rejected'] as const).map((state) => ({
            value: state,
            label: stateText(subjectRegistrationWorkflow, state),
          }))}
          style={{ marginBottom: 12 }}
        />
      }
      actions={{
        items: [{ label: s('view'), onClick: (row) => setCurrent(row) }],
      }}
    >
      <Modal
        open={current !== null}
        title={s('reviewTitle')}
        onCancel={() => setCurrent(null)}
        footer={null}
        width={720}
      >
        {current && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={2} data-testid="subject-review-detail">
              <Descriptions.Item label={s('subjectNo')}>{current.subjectNo}</Descriptions.Item>
              <Descriptions.Item label={s('name')}>{current.name}</Descriptions.Item>
              <Descriptions.Item label={t('receipt.project')}>{current.projectNo}</Descriptions.Item>
              <Descriptions.Item label={t('receipt.site')}>
                {current.centerNo} {current.siteName}
              </Descriptions.Item>
              <Descriptions.Item label={t('device.cardType')}>
                {t(`device.cardTypes.${current.cardType}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('device.cardId')}>{current.cardNoMasked}</Descriptions.Item>
              <Descriptions.Item label={s('birthday')}>{dash(current.birthday)}</Descriptions.Item>
              <Descriptions.Item label={t('device.confidence')}>
                {current.faceConfidence} / {current.faceThreshold}
              </Descriptions.Item>
              <Descriptions.Item label={s('fingerprint')}>
                {current.fingerprintEnrolled
                  ? s('enrolledWith', { vendor: current.fingerprintVendor?.toUpperCase() })
                  : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={s('enteredBy')}>
                {current.createdByName} {formatTimeAs(current.createdAt, 'minute')}
              </Descriptions.Item>
              {current.reviewedByName && (
                <Descriptions.Item label={s('reviewedBy')} span={2}>
                  {current.reviewedByName}{' '}
                  {current.reviewedAt ? formatTimeAs(current.reviewedAt, 'minute') : ''}{' '}
                  {current.reviewReason ?? ''}
                </Descriptions.Item>
              )}
            </Descriptions>
            {current.createdBy === userId && current.status === 'submitted' && (
              <span style={{ opacity: 0.7 }}>{s('ownEntry')}</span>
            )}
            <Space>
              <WorkflowActions
                workflow={subjectRegistrationWorkflow}
                state={current.status}
                isApplicant={current.createdBy === userId}
                actions={{
                  approve: {
                    label: s('approve'),
                    testId: 'subject-approve',
                    onClick: () => decide(current, 'approve', null),
                  },
                  reject: {
                    label: s('reject'),
                    danger: true,
                    reason: {
                      title: s('confirmReject'),
                      placeholder: s('rejectReason'),
                      testId: 'subject-reject-reason',
                    },
                    onClick: (reason) => decide(current, 'reject', reason),
                  },
                }}
              />
            </Space>
          </Space>
        )}
      </Modal>
    </ListPage>
  );
}
