import {
  PROJECT_REPORT_SIGNATURE_MEANING,
  type ProjectReportRow,
  projectReportWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { PdfViewer } from '../../../components/PdfViewer';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { serverLanguage } from '../../../locales/lang';
import { callEndpoint, fileEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';

export type Row = ProjectReportRow;
export interface Filter {
  projectId?: number;
  keyword?: string;
}

/** The columns both lists show; the reviewed ones add who reviewed and, returned, why. */
export function reportColumns(
  t: TFunction<'projectReports', 'shared'>,
  reviewed: boolean,
): DataColumn<Row>[] {
  return [
    {
      dataIndex: 'reportNo',
      title: t('reportNo'),
      width: 190,
      render: (v: string, row) => (row.revision > 0 ? `${v} v${row.revision}` : v),
    },
    {
      dataIndex: 'kind',
      title: t('kind'),
      width: 110,
      render: (v: Row['kind']) => <Tag color={v === 'manual' ? 'purple' : 'blue'}>{t(`kinds.${v}`)}</Tag>,
    },
    col.projectNo<Row>(),
    col.site<Row>(),
    col.field<Row>('subjectNo', 120),
    col.field<Row>('visit', 110),
    col.text<Row>('title', t('title'), 180),
    col.status<Row>(projectReportWorkflow),
    col.text<Row>('createdByName', t('createdBy'), 100),
    col.time<Row>('createdAt', t('createdAt')),
    ...(reviewed
      ? [
          col.text<Row>('reviewedByName', t('reviewedBy'), 100),
          col.time<Row>('reviewedAt', t('reviewedAt')),
          { dataIndex: 'reason', title: t('reason'), width: 200, render: dash },
        ]
      : []),
  ];
}

/** Project and keyword: the filter fields of both lists. */
export function ReportFilters() {
  const { t } = useTranslation('projectReports', { keyPrefix: 'shared' });
  return (
    <>
      <Form.Item name="projectId" label={t('project')}>
        <ProjectSelect allowClear style={{ width: 220 }} data-testid="project-report-filter-project" />
      </Form.Item>
      <Form.Item name="keyword" label={t('keyword')}>
        <Input
          allowClear
          maxLength={64}
          placeholder={t('keywordHint')}
          data-testid="project-report-filter-keyword"
        />
      </Form.Item>
    </>
  );
}

/**
 * The report's PDF (the released lab report's, or the uploaded one) shown in the page's PDF viewer,
 * with its download button.
 */
export function PdfButton({ row }: { row: Row }) {
  const { t } = useTranslation('projectReports', { keyPrefix: 'shared' });
  const name = `${row.reportNo}${row.revision > 0 ? `-v${row.revision}` : ''}.pdf`;
  const [load, setLoad] = useState<(() => Promise<Blob>) | null>(null);
  const close = useCallback(() => setLoad(null), []);
  const open = () =>
    setLoad(
      () => () =>
        row.kind === 'manual'
          ? fileEndpoint((c) => c.manualReports.pdf, { params: { id: row.id } })
          : fileEndpoint((c) => c.projectReports.pdf, { params: { id: row.id } }),
    );
  return (
    <>
      <Button
        type="link"
        size="small"
        disabled={!row.hasPdf}
        title={row.hasPdf ? undefined : t('noPdf')}
        data-testid={`project-report-pdf-${row.id}`}
        onClick={open}
      >
        {t('pdf')}
      </Button>
      <PdfViewer
        load={load}
        title={name}
        fileName={name}
        onClose={close}
        testId={`project-report-pdf-view-${row.id}`}
      />
    </>
  );
}

/**
 * PDF, approve and return: the review workflow's buttons for one row. Approving is an electronic
 * signature with its meaning; nobody who wrote or submitted the report gets the buttons.
 */
export function ReviewActions({
  row,
  userId,
  onDone,
  after,
}: {
  row: Row;
  userId: number | undefined;
  onDone(): unknown;
  after?: ReactNode;
}) {
  const { t, i18n } = useTranslation('projectReports', { keyPrefix: 'review' });
  const params = { id: row.id };
  const version = row.version;
  const done = () => {
    feedback.success(t('done'));
    return onDone();
  };
  return (
    <WorkflowActions
      workflow={projectReportWorkflow}
      state={row.status}
      isApplicant={row.createdBy === userId}
      isAuthor={userId !== undefined && row.authorIds.includes(userId)}
      before={<PdfButton row={row} />}
      after={after}
      actions={{
        approve: {
          label: t('approve'),
          signature: PROJECT_REPORT_SIGNATURE_MEANING[serverLanguage(i18n.language)],
          testId: `project-report-approve-${row.id}`,
          onClick: (password) =>
            callEndpoint((c) => c.projectReports.approve, {
              params,
              body: { version, signature: { password: password ?? '' } },
            }).then(done),
        },
        return: {
          label: t('return'),
          danger: true,
          testId: `project-report-return-${row.id}`,
          reason: {
            title: t('returnTitle'),
            placeholder: t('returnPlaceholder'),
            testId: 'project-report-return-reason',
          },
          onClick: (reason) =>
            callEndpoint((c) => c.projectReports.return, {
              params,
              body: { version, reason: reason ?? '' },
            }).then(done),
        },
      }}
    />
  );
}
