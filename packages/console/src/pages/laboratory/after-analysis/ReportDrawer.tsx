import {
  labReportWorkflow,
  REPORT_PERMISSIONS,
  type ReportState,
  reportRevisionWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { useAction } from '../../../components/FormModal';
import { dash, formatTimeAs } from '../../../components/format';
import { nameOf } from '../../../components/localName';
import { StatusTag } from '../../../components/StatusTag';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { type WorkflowActionButton, WorkflowActions } from '../../../components/WorkflowActions';
import { downloadEndpoint } from '../../../services/endpoint';
import { useEndpointMutation } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { type EntryMode, REPORT_CHANGES, ResultEntryModal } from './ResultEntryModal';

/** The revisions list, and the pages that ask for a revision (`?id=` the released version) and edit one. */
export const REVISIONS = '/laboratory/after-analysis/report-modify';
export const NEW_REVISION = '/laboratory/after-analysis/new-report-modify';
export const EDIT_REVISION = '/laboratory/after-analysis/edit-report-modify';

type Signed = 'review' | 'release' | 'approveRevision';
type Reasoned = 'return' | 'rejectRevision';

export function ReportStatus({ status }: { status: ReportState }) {
  return <StatusTag workflow={labReportWorkflow} status={status} />;
}

/** One report version: results, signatures, versions, and the actions the workflows allow this user. */
export function ReportDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  // Another version of the same report may be shown (the version buttons), until another report opens.
  const [version, setVersion] = useState<{ of: number | null; id: number } | null>(null);
  const shownId = version && version.of === id ? version.id : id;
  const report = useDetail(shownId, (c) => c.report.get, onClose);
  const [entry, setEntry] = useState<EntryMode | null>(null);
  const [act] = useAction();
  const review = useEndpointMutation((c) => c.report.review, REPORT_CHANGES);
  const release = useEndpointMutation((c) => c.report.release, REPORT_CHANGES);
  const sendBack = useEndpointMutation((c) => c.report.return, REPORT_CHANGES);
  const reviewRevision = useEndpointMutation((c) => c.report.reviewRevision, REPORT_CHANGES);

  /**
   * A signed or reasoned step, fired by the kit's dialogs (`WorkflowActions`): it rejects when the
   * server refused, so the dialog stays open with what was typed, and closes when it worked.
   */
  const perform = async (action: Signed | Reasoned, input: string | null) => {
    if (!report) return;
    const params = { id: report.id };
    const version = report.version;
    const signed = action === 'review' || action === 'release' || action === 'approveRevision';
    const signature = signed ? { password: input ?? '' } : undefined;
    const reason = signed ? null : input;
    if (action === 'review') await review.mutateAsync({ params, body: { version, signature } });
    else if (action === 'release') await release.mutateAsync({ params, body: { version, signature } });
    else if (action === 'return') await sendBack.mutateAsync({ params, body: { version, reason } });
    else await reviewRevision.mutateAsync({ params, body: { version, action, reason, signature } });
    feedback.success(r('done'));
  };
  /** The button of a signed step: the kit's signature dialog shows its meaning and asks for the password. */
  const signedButton = (action: Signed): WorkflowActionButton => ({
    label: r(`actions.${action}`),
    testId: `report-action-${action}`,
    signature: t(`lab.report.meaning.${action}`),
    onClick: (password) => perform(action, password),
  });
  const reasonedButton = (action: Reasoned): WorkflowActionButton => ({
    label: r(`actions.${action}`),
    testId: `report-action-${action}`,
    danger: true,
    reason: { title: r(`actions.${action}`), placeholder: r('reason'), testId: 'report-reason' },
    onClick: (reason) => perform(action, reason),
  });
  const isApplicant = report?.createdBy === userId;
  // The revision pages are pages of their own: the drawer closes as they open.
  const openPage = (path: string) => {
    onClose();
    navigate(path);
  };

  return (
    <Drawer
      open={id !== null}
      width={820}
      onClose={onClose}
      title={report ? `${report.reportNo} · v${report.revision}` : ''}
    >
      {report && (
        <Space
          direction="vertical"
          style={{ width: '100%' }}
          data-testid="report-detail"
          data-status={report.status}
        >
          {report.revision > 0 && (
            <Alert
              type="warning"
              showIcon
              message={r('revisedBanner', {
                prev: report.revision - 1,
                reason: dash(report.revisionReason),
              })}
            />
          )}
          {report.status === 'superseded' && <Alert type="info" showIcon message={r('supersededBanner')} />}
          {report.returnReason && (
            <Alert type="error" showIcon message={r('returnedBecause', { reason: report.returnReason })} />
          )}
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('lab.receipt.status')}>
              <ReportStatus status={report.status} />
            </Descriptions.Item>
            <Descriptions.Item label={r('subject')}>
              {report.subjectNo} {report.subjectName}
            </Descriptions.Item>
            <Descriptions.Item label={t('lab.receipt.project')}>{report.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('lab.receipt.site')}>{report.siteName}</Descriptions.Item>
            <Descriptions.Item label={r('barcode')}>{report.barcode}</Descriptions.Item>
            <Descriptions.Item label={r('visit')}>{dash(report.visit)}</Descriptions.Item>
            <Descriptions.Item label={r('enteredBy')}>
              {report.createdByName} {formatTimeAs(report.createdAt, 'minute')}
            </Descriptions.Item>
            <Descriptions.Item label={r('releasedBy')}>
              {dash(report.releasedByName)} {formatTimeAs(report.releasedAt, 'minute')}
            </Descriptions.Item>
            <Descriptions.Item label={r('specimen')}>
              {dash(report.sampleType && nameOf({ name: report.sampleType, enName: report.sampleTypeEn }))} ·{' '}
              {formatTimeAs(report.samplingTime, 'minute')} · {formatTimeAs(report.receivedAt, 'minute')}
            </Descriptions.Item>
            <Descriptions.Item label={r('requestedBy')}>
              {report.requestedByName
                ? `${report.requestedByName} ${formatTimeAs(report.requestedAt, 'minute')}`
                : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="testItemId"
            size="small"
            pagination={false}
            dataSource={report.results}
            data-testid="report-results"
            columns={[
              { dataIndex: 'code', title: t('lab.testItem.code') },
              {
                dataIndex: 'name',
                title: t('lab.testItem.name'),
                render: (_: unknown, r) => nameOf(r),
              },
              { dataIndex: 'value', title: r('value') },
              { dataIndex: 'unit', title: t('lab.testItem.unit'), render: dash },
              { dataIndex: 'method', title: t('lab.testItem.methodology'), render: dash },
              {
                dataIndex: 'referenceRange',
                title: t('lab.testItem.referenceRange'),
                render: dash,
              },
              {
                dataIndex: 'flag',
                title: r('flag'),
                render: (v: 'H' | 'L' | 'A' | null) =>
                  v ? <Tag color="error">{r(`flags.${v}`)}</Tag> : null,
              },
            ]}
          />
          {report.signatures.length > 0 && (
            <Timeline
              items={report.signatures.map((s) => ({
                children: (
                  <span>
                    <b>{s.signerName}</b> · {s.meaning} · {formatTimeAs(s.signedAt, 'minute')}
                    <br />
                    <code style={{ fontSize: 11 }}>{s.contentHash}</code>
                  </span>
                ),
              }))}
            />
          )}
          {report.versions.length > 1 && (
            <Space wrap data-testid="report-versions">
              {r('versions')}
              {report.versions.map((v) => (
                <Button
                  key={v.id}
                  size="small"
                  type={v.id === report.id ? 'primary' : 'default'}
                  onClick={() => setVersion({ of: id, id: v.id })}
                >
                  v{v.revision} <ReportStatus status={v.status} />
                </Button>
              ))}
            </Space>
          )}
          <Space wrap>
            {/* The report's own workflow and its revisions' share the states: each shows its own
                buttons for the version's state, and signs and asks for reasons in the kit's dialogs. */}
            <WorkflowActions
              workflow={labReportWorkflow}
              state={report.status}
              isApplicant={isApplicant}
              actions={{
                edit: {
                  label: r('actions.edit'),
                  testId: 'report-action-edit',
                  onClick: () => setEntry({ kind: 'edit', report }),
                },
                review: signedButton('review'),
                return: reasonedButton('return'),
                release: signedButton('release'),
              }}
            />
            <WorkflowActions
              workflow={reportRevisionWorkflow}
              state={report.status}
              isApplicant={isApplicant}
              actions={{
                editRevision: {
                  label: r('actions.editRevision'),
                  testId: 'report-action-editRevision',
                  onClick: () => openPage(`${EDIT_REVISION}?id=${report.id}`),
                },
                approveRevision: signedButton('approveRevision'),
                rejectRevision: reasonedButton('rejectRevision'),
              }}
            />
            {report.status === 'released' && can(REPORT_PERMISSIONS.revise) && (
              <Button
                type="link"
                size="small"
                onClick={() => openPage(`${NEW_REVISION}?id=${report.id}`)}
                data-testid="report-action-revise"
              >
                {r('actions.revise')}
              </Button>
            )}
            {report.hasPdf && can(REPORT_PERMISSIONS.download) && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void act(() =>
                    downloadEndpoint(
                      (c) => c.report.pdf,
                      { params: { id: report.id } },
                      `${report.reportNo}-v${report.revision}.pdf`,
                    ),
                  )
                }
                data-testid="report-pdf"
              >
                {r('downloadPdf')}
              </Button>
            )}
          </Space>
        </Space>
      )}
      <ResultEntryModal mode={entry} onClose={() => setEntry(null)} />
    </Drawer>
  );
}
