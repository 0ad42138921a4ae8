import {
  availableActions,
  labReportWorkflow,
  REPORT_PERMISSIONS,
  type ReportDetail,
  type ReportState,
  reportRevisionWorkflow,
} from '@trialab/api-contract';
import { Alert, Button, Descriptions, Drawer, Input, Modal, Space, Table, Tag, Timeline } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/useAccess';
import { dash, formatTimeAs } from '../../../components/format';
import { labApi } from '../../../services/lab';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { type EntryMode, ResultEntryModal } from './ResultEntryModal';
import { SignatureModal } from './SignatureModal';

type Action = 'edit' | 'review' | 'return' | 'release' | 'approveRevision' | 'rejectRevision' | 'revise';
const SIGNED: Partial<Record<Action, string>> = {
  review: 'lab.report.meaning.review',
  release: 'lab.report.meaning.release',
  approveRevision: 'lab.report.meaning.approveRevision',
};
const REASONED: ReadonlySet<Action> = new Set(['return', 'rejectRevision']);

const COLOR: Record<ReportState, string> = {
  entered: 'processing',
  returned: 'warning',
  reviewed: 'cyan',
  released: 'success',
  superseded: 'default',
  revision_pending: 'purple',
  revision_rejected: 'error',
};

export function ReportStatus({ status }: { status: ReportState }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`lab.report.states.${status}`)}</Tag>;
}

/** One report version: results, signatures, versions, and the actions the workflows allow this user. */
export function ReportDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose(): void;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation();
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [shownId, setShownId] = useState<number | null>(id);
  const [report, setReport] = useState<ReportDetail | null>(null);
  const [signing, setSigning] = useState<Action | null>(null);
  const [reasonFor, setReasonFor] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [entry, setEntry] = useState<EntryMode | null>(null);

  useEffect(() => setShownId(id), [id]);
  const load = useCallback(async () => {
    if (shownId === null) return setReport(null);
    try {
      setReport((await labApi.reportGet(shownId)).data);
    } catch {
      setReport(null);
    }
  }, [shownId]);
  useEffect(() => {
    void load();
  }, [load]);

  const actor = { can: (p: string) => can(p), isApplicant: report?.createdBy === userId };
  const actions: Action[] = report
    ? [
        ...availableActions(labReportWorkflow, report.status, actor),
        ...availableActions(reportRevisionWorkflow, report.status, actor),
        ...(report.status === 'released' && can(REPORT_PERMISSIONS.revise) ? (['revise'] as const) : []),
      ]
    : [];

  const run = async (action: Action, extra: { password?: string; reason?: string }) => {
    if (!report) return;
    const signature = extra.password ? { password: extra.password } : undefined;
    const version = report.version;
    if (action === 'review') await labApi.reportReview(report.id, { version, signature });
    else if (action === 'release') await labApi.reportRelease(report.id, { version, signature });
    else if (action === 'return')
      await labApi.reportReturn(report.id, { version, reason: extra.reason ?? null });
    else if (action === 'approveRevision' || action === 'rejectRevision')
      await labApi.reportReviewRevision(report.id, {
        version,
        action,
        reason: extra.reason ?? null,
        signature,
      });
    feedback.success(t('lab.report.done'));
    setSigning(null);
    setReasonFor(null);
    setReason('');
    await load();
    onChanged();
  };

  const click = (action: Action) => {
    if (!report) return;
    if (action === 'edit') setEntry({ kind: 'edit', report });
    else if (action === 'revise') setEntry({ kind: 'revise', report });
    else if (SIGNED[action]) setSigning(action);
    else if (REASONED.has(action)) setReasonFor(action);
  };

  const english = i18n.language === 'en-US';
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
              message={t('lab.report.revisedBanner', {
                prev: report.revision - 1,
                reason: dash(report.revisionReason),
              })}
            />
          )}
          {report.status === 'superseded' && (
            <Alert type="info" showIcon message={t('lab.report.supersededBanner')} />
          )}
          {report.returnReason && (
            <Alert
              type="error"
              showIcon
              message={t('lab.report.returnedBecause', { reason: report.returnReason })}
            />
          )}
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('lab.receipt.status')}>
              <ReportStatus status={report.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('lab.report.subject')}>
              {report.subjectNo} {report.subjectName}
            </Descriptions.Item>
            <Descriptions.Item label={t('lab.receipt.project')}>{report.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('lab.receipt.site')}>{report.siteName}</Descriptions.Item>
            <Descriptions.Item label={t('lab.report.barcode')}>{report.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('lab.report.visit')}>{dash(report.visit)}</Descriptions.Item>
            <Descriptions.Item label={t('lab.report.enteredBy')}>
              {report.createdByName} {formatTimeAs(report.createdAt, 'minute')}
            </Descriptions.Item>
            <Descriptions.Item label={t('lab.report.releasedBy')}>
              {dash(report.releasedByName)} {formatTimeAs(report.releasedAt, 'minute')}
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
                render: (_: unknown, r) => (english ? r.enName : r.name),
              },
              { dataIndex: 'value', title: t('lab.report.value') },
              { dataIndex: 'unit', title: t('lab.testItem.unit'), render: dash },
              {
                dataIndex: 'referenceRange',
                title: t('lab.testItem.referenceRange'),
                render: dash,
              },
              {
                dataIndex: 'flag',
                title: t('lab.report.flag'),
                render: (v: 'H' | 'L' | 'A' | null) =>
                  v ? <Tag color="error">{t(`lab.report.flags.${v}`)}</Tag> : null,
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
              {t('lab.report.versions')}
              {report.versions.map((v) => (
                <Button
                  key={v.id}
                  size="small"
                  type={v.id === report.id ? 'primary' : 'default'}
                  onClick={() => setShownId(v.id)}
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
                type={SIGNED[action] ? 'primary' : 'default'}
                danger={REASONED.has(action)}
                onClick={() => click(action)}
                data-testid={`report-action-${action}`}
              >
                {t(`lab.report.actions.${action}`)}
              </Button>
            ))}
            {report.hasPdf && can(REPORT_PERMISSIONS.download) && (
              <Button
                onClick={() => void labApi.reportPdf(report.id, `${report.reportNo}-v${report.revision}.pdf`)}
                data-testid="report-pdf"
              >
                {t('lab.report.downloadPdf')}
              </Button>
            )}
          </Space>
        </Space>
      )}
      <SignatureModal
        open={signing !== null}
        meaningKey={signing ? (SIGNED[signing] ?? '') : ''}
        onCancel={() => setSigning(null)}
        onSign={async (password) => {
          if (signing) await run(signing, { password }).catch(() => undefined);
        }}
      />
      <Modal
        open={reasonFor !== null}
        title={reasonFor ? t(`lab.report.actions.${reasonFor}`) : ''}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setReasonFor(null)}
        onOk={() => {
          if (reasonFor) void run(reasonFor, { reason: reason.trim() }).catch(() => undefined);
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={255}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('lab.report.reason')}
        />
      </Modal>
      <ResultEntryModal
        mode={entry}
        onClose={() => setEntry(null)}
        onSaved={() => {
          const revised = entry?.kind === 'revise';
          setEntry(null);
          feedback.success(t(revised ? 'lab.report.revisionSubmitted' : 'lab.common.saved'));
          void load();
          onChanged();
        }}
      />
    </Drawer>
  );
}
