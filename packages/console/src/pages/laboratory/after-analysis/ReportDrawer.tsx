import {
  availableActions,
  labReportWorkflow,
  REPORT_PERMISSIONS,
  type ReportState,
  reportRevisionWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/useAccess';
import { useAction } from '../../../components/FormModal';
import { dash, formatTimeAs } from '../../../components/format';
import { nameOf } from '../../../components/localName';
import { ReasonModal } from '../../../components/ReasonModal';
import { SignatureModal } from '../../../components/SignatureModal';
import { StatusTag } from '../../../components/StatusTag';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { downloadEndpoint } from '../../../services/endpoint';
import { useEndpointMutation } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { type EntryMode, REPORT_CHANGES, ResultEntryModal } from './ResultEntryModal';

type Action = 'edit' | 'review' | 'return' | 'release' | 'approveRevision' | 'rejectRevision' | 'revise';
const SIGNED = {
  review: 'lab.report.meaning.review',
  release: 'lab.report.meaning.release',
  approveRevision: 'lab.report.meaning.approveRevision',
} as const satisfies Partial<Record<Action, string>>;
const signed = (action: Action | null) =>
  action !== null && action in SIGNED ? SIGNED[action as keyof typeof SIGNED] : null;
const REASONED: ReadonlySet<Action> = new Set(['return', 'rejectRevision']);

export function ReportStatus({ status }: { status: ReportState }) {
  return <StatusTag workflow={labReportWorkflow} status={status} />;
}

/** One report version: results, signatures, versions, and the actions the workflows allow this user. */
export function ReportDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  // Another version of the same report may be shown (the version buttons), until another report opens.
  const [version, setVersion] = useState<{ of: number | null; id: number } | null>(null);
  const shownId = version && version.of === id ? version.id : id;
  const report = useDetail(shownId, (c) => c.report.get, onClose);
  const [signing, setSigning] = useState<Action | null>(null);
  const [reasonFor, setReasonFor] = useState<Action | null>(null);
  const [entry, setEntry] = useState<EntryMode | null>(null);
  const [act, acting] = useAction();
  const review = useEndpointMutation((c) => c.report.review, REPORT_CHANGES);
  const release = useEndpointMutation((c) => c.report.release, REPORT_CHANGES);
  const sendBack = useEndpointMutation((c) => c.report.return, REPORT_CHANGES);
  const reviewRevision = useEndpointMutation((c) => c.report.reviewRevision, REPORT_CHANGES);

  const actor = { can: (p: string) => can(p), isApplicant: report?.createdBy === userId };
  const actions: Action[] = report
    ? [
        ...availableActions(labReportWorkflow, report.status, actor),
        ...availableActions(reportRevisionWorkflow, report.status, actor),
        ...(report.status === 'released' && can(REPORT_PERMISSIONS.revise) ? (['revise'] as const) : []),
      ]
    : [];

  /** A signed or reasoned step; its dialog closes when it worked and stays (with what was typed) when not. */
  const perform = async (action: Action, extra: { password?: string; reason?: string }) => {
    if (!report) return;
    const params = { id: report.id };
    const signature = extra.password ? { password: extra.password } : undefined;
    const version = report.version;
    const reason = extra.reason ?? null;
    const done = await act(() => {
      if (action === 'review') return review.mutateAsync({ params, body: { version, signature } });
      if (action === 'release') return release.mutateAsync({ params, body: { version, signature } });
      if (action === 'return') return sendBack.mutateAsync({ params, body: { version, reason } });
      return reviewRevision.mutateAsync({
        params,
        body: { version, action: action as 'approveRevision' | 'rejectRevision', reason, signature },
      });
    }, r('done'));
    if (!done) return;
    setSigning(null);
    setReasonFor(null);
  };

  const click = (action: Action) => {
    if (!report) return;
    if (action === 'edit') setEntry({ kind: 'edit', report });
    else if (action === 'revise') setEntry({ kind: 'revise', report });
    else if (signed(action)) setSigning(action);
    else if (REASONED.has(action)) setReasonFor(action);
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
            {actions.map((action) => (
              <Button
                key={action}
                type={signed(action) ? 'primary' : 'default'}
                danger={REASONED.has(action)}
                onClick={() => click(action)}
                data-testid={`report-action-${action}`}
              >
                {r(`actions.${action}`)}
              </Button>
            ))}
            {report.hasPdf && can(REPORT_PERMISSIONS.download) && (
              <Button
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
      <SignatureModal
        open={signing !== null}
        meaning={t(signed(signing) ?? 'lab.report.meaning.review')}
        onCancel={() => setSigning(null)}
        onSign={(password) => (signing ? perform(signing, { password }) : Promise.resolve())}
      />
      <ReasonModal
        open={reasonFor !== null}
        title={reasonFor ? r(`actions.${reasonFor}`) : ''}
        placeholder={r('reason')}
        max={255}
        required
        testId="report-reason"
        saving={acting}
        onCancel={() => setReasonFor(null)}
        onOk={(reason) => {
          if (reasonFor) void perform(reasonFor, { reason });
        }}
      />
      <ResultEntryModal mode={entry} onClose={() => setEntry(null)} />
    </Drawer>
  );
}
