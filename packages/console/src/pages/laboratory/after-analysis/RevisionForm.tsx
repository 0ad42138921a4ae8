import {
  availableActions,
  REPORT_PERMISSIONS,
  type ReportDetail,
  reportRevisionWorkflow,
} from '@trialab/api-contract';
import { Alert, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/useAccess';
import { FormPage, useRecordId } from '../../../components/FormPage';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { REVISIONS, ReportStatus } from './ReportDrawer';
import { REPORT_CHANGES } from './ResultEntryModal';
import { ResultLines, resultsOf, useResultItems } from './ResultLines';

interface Values {
  reason?: string;
  results?: Array<{ testItemId?: number; value?: string }>;
}

/**
 * A report revision request as a page (`?id=`): `new` asks one of the released version shown,
 * `edit` corrects a request still awaiting review (its requester only). The reason and the changed
 * results are entered on the same result lines as result entry; a report the request may no longer
 * be made or changed for shows read-only, with why.
 */
export function RevisionForm({ kind }: { kind: 'new' | 'edit' }) {
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [form] = Form.useForm<Values>();
  const id = useRecordId() ?? 0;
  const report = useEndpointQuery((c) => c.report.get, { params: { id } }, { enabled: id > 0 }).data?.data;
  const items = useResultItems(report !== undefined);
  const revise = useEndpointMutation((c) => c.report.revise, REPORT_CHANGES);
  const edit = useEndpointMutation((c) => c.report.editRevision, REPORT_CHANGES);

  const allowed = report ? mayChange(kind, report, can, report.createdBy === userId) : false;
  const save = (values: Values) => {
    if (!report) return Promise.resolve();
    const body = { version: report.version, reason: values.reason ?? '', results: resultsOf(values.results) };
    return kind === 'new'
      ? revise.mutateAsync({ params: { id: report.id }, body })
      : edit.mutateAsync({ params: { id: report.id }, body });
  };
  const title = r(kind === 'new' ? 'reviseTitle' : 'editRevisionTitle');
  return (
    <FormPage<Values>
      title={report ? `${title}: ${report.reportNo} · v${report.revision}` : title}
      ready={report !== undefined}
      form={form}
      name="revision"
      recordKey={`${kind}-${id}`}
      initialValues={
        report && {
          reason: kind === 'edit' ? (report.revisionReason ?? undefined) : undefined,
          results: report.results.map((x) => ({ testItemId: x.testItemId, value: x.value })),
        }
      }
      readOnly={!allowed}
      notice={
        report &&
        !allowed && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="revision-locked"
            message={r(kind === 'new' ? 'notRevisable' : 'revisionLocked')}
          />
        )
      }
      onSave={save}
      savedMessage={r(kind === 'new' ? 'revisionSubmitted' : 'revisionSaved')}
      back={REVISIONS}
      savePermission={REPORT_PERMISSIONS.revise}
      saveTestId="revision-save"
      testId="revision-form"
    >
      {report && (
        <Space wrap style={{ marginBottom: 16 }} data-testid="revision-report">
          <ReportStatus status={report.status} />
          {`${report.subjectNo} ${report.subjectName} · ${report.projectNo} · ${r('barcode')} ${report.barcode}`}
        </Space>
      )}
      <Form.Item
        name="reason"
        label={r('reviseReason')}
        rules={[{ required: true, whitespace: true, message: r('reasonRequired') }]}
      >
        <Input.TextArea maxLength={255} rows={2} data-testid="revise-reason" />
      </Form.Item>
      <Form.Item label={r('changedResults')} required style={{ marginBottom: 0 }}>
        <ResultLines items={items} />
      </Form.Item>
    </FormPage>
  );
}

/**
 * Whether this user may make the request now: a new one of a released version (with the revise
 * permission), an edit of one the workflow still lets its requester change.
 */
function mayChange(
  kind: 'new' | 'edit',
  report: ReportDetail,
  can: (permission: string) => boolean,
  isApplicant: boolean,
): boolean {
  if (kind === 'new') return report.status === 'released' && can(REPORT_PERMISSIONS.revise);
  return availableActions(reportRevisionWorkflow, report.status, { can, isApplicant }).includes(
    'editRevision',
  );
}
