import { PROJECT_REPORT_PERMISSIONS } from '@trialab/api-contract';
import { Button, DatePicker, Form, Input, Row, Select, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { callEndpoint } from '../../../services/endpoint';
import { uploadPicked } from '../../../services/files';
import { useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import {
  type Filter,
  ReportFilters,
  type Row as ReportRow,
  ReviewActions,
  reportColumns,
} from '../report-review/parts';

interface UploadValues {
  projectId: number;
  siteId: number;
  subjectNo: string;
  visit: string;
  title: string;
  reportDate: Dayjs;
  file: File;
}

/** A PDF by its first bytes (the server checks again, with the size). */
async function isPdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

/**
 * /project/manual-report: reports produced outside the system, uploaded as PDF for a subject and
 * visit; they go through the project's report review and, approved, the site sees them in the portal.
 */
export default function ManualReportPage() {
  const { t } = useTranslation('projectReports', { keyPrefix: 'manual' });
  const { t: s } = useTranslation('projectReports', { keyPrefix: 'shared' });
  const { t: f } = useTranslation('fields');
  const userId = useSession((st) => st.user?.id);
  const list = useListPage((c) => c.manualReports.paging, {} as Filter);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<UploadValues>();
  const projectId = Form.useWatch('projectId', form);
  const siteId = Form.useWatch('siteId', form);
  // The subject and visit are chosen: the site's subjects and the visits of the project's online plans.
  const choices = useEndpointQuery(
    (c) => c.manualReports.choices,
    { body: { projectId: projectId ?? 0, siteId: siteId ?? 0 } },
    { enabled: creating && projectId != null && siteId != null },
  ).data?.data;
  const picked = projectId != null && siteId != null;

  const save = async ({ file, reportDate, ...values }: UploadValues) => {
    const uploaded = await uploadPicked(file);
    await callEndpoint((c) => c.manualReports.create, {
      body: { ...values, reportDate: reportDate.format('YYYY-MM-DD'), fileId: uploaded.id },
    });
    await list.reload();
  };
  const remove = async (row: ReportRow) => {
    if (!(await confirmed({ content: t('confirmRemove', { reportNo: row.reportNo }) }))) return;
    await callEndpoint((c) => c.manualReports.remove, { params: { id: row.id } });
    feedback.success(t('removed'));
    await list.reload();
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.manual-report"
      columns={[
        ...reportColumns(s, true).filter((c) => c.dataIndex !== 'kind'),
        { dataIndex: 'reportDate', title: s('reportDate'), width: 110 },
      ]}
      filters={<ReportFilters />}
      toolbar={
        <Permission value={[PROJECT_REPORT_PERMISSIONS.manualEdit]}>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="manual-report-create">
            {t('create')}
          </Button>
        </Permission>
      }
      actions={{
        width: 260,
        render: (row) => (
          <ReviewActions
            row={row}
            userId={userId}
            onDone={() => list.reload()}
            after={
              row.status !== 'approved' && (
                <Permission value={[PROJECT_REPORT_PERMISSIONS.manualEdit]}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => void remove(row)}
                    data-testid={`manual-report-remove-${row.id}`}
                  >
                    {t('remove')}
                  </Button>
                </Permission>
              )
            }
          />
        ),
      }}
    >
      <FormModal<UploadValues>
        open={creating}
        title={t('createTitle')}
        onSave={save}
        onClose={() => setCreating(false)}
        width={720}
        testId="manual-report-form"
        name="manualReport"
        form={form}
      >
        <Row gutter={16}>
          <ProjectSiteFields testId="manual-report-form" />
        </Row>
        <Form.Item name="subjectNo" label={f('subjectNo')} rules={[rules.chosen(f('subjectNo'))]}>
          <Select
            showSearch
            disabled={!picked}
            placeholder={picked ? undefined : t('siteFirst')}
            options={(choices?.subjects ?? []).map((no) => ({ value: no, label: no }))}
            data-testid="manual-report-form-subject"
          />
        </Form.Item>
        <Form.Item name="visit" label={f('visit')} rules={[rules.chosen(f('visit'))]}>
          <Select
            showSearch
            disabled={!picked}
            placeholder={picked ? undefined : t('siteFirst')}
            options={(choices?.visits ?? []).map((name) => ({ value: name, label: name }))}
            data-testid="manual-report-form-visit"
          />
        </Form.Item>
        <Form.Item name="title" label={s('title')} rules={[rules.required(s('title'))]}>
          <Input maxLength={100} data-testid="manual-report-form-title" />
        </Form.Item>
        <Form.Item name="reportDate" label={s('reportDate')} rules={[rules.chosen(s('reportDate'))]}>
          <DatePicker data-testid="manual-report-form-date" />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('file')}
          extra={t('fileHint')}
          rules={[
            rules.chosen(t('file')),
            {
              validator: async (_, file?: File) => {
                if (file && !(await isPdf(file))) throw new Error(t('notPdf'));
              },
            },
          ]}
          valuePropName="file"
          getValueFromEvent={(e: { file: File }) => e.file}
        >
          <Upload accept=".pdf,application/pdf" maxCount={1} beforeUpload={() => false} showUploadList>
            <Button data-testid="manual-report-form-file">{t('chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
