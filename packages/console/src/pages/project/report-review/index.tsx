import { PROJECT_REPORT_PERMISSIONS, type ProjectReportState } from '@trialab/api-contract';
import { Button, Form, Switch, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage, useUrlTab } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { type Filter, ReportFilters, ReviewActions, reportColumns } from './parts';

// The home to-do opens it as ?status=pending; every state has its tab.
const TABS = { pending: 'pending', approved: 'approved', returned: 'returned' } as const;

/**
 * /project/report-review: released lab reports of projects that review them, and manual reports,
 * awaiting the project manager (tabs for those approved or returned); open the PDF, approve or return.
 */
export default function ReportReviewPage() {
  const { t } = useTranslation('projectReports', { keyPrefix: 'review' });
  const [tab, setTab] = useUrlTab<ProjectReportState>(TABS, 'pending');
  const [setting, setSetting] = useState(false);
  const header = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as ProjectReportState)}
      items={(['pending', 'approved', 'returned'] as const).map((key) => ({ key, label: t(`tabs.${key}`) }))}
    />
  );
  const toolbar = (
    <Permission value={[PROJECT_REPORT_PERMISSIONS.setting]}>
      <Button onClick={() => setSetting(true)} data-testid="project-report-setting">
        {t('setting')}
      </Button>
    </Permission>
  );
  return (
    <>
      <ReviewList key={tab} status={tab} header={header} toolbar={toolbar} />
      <SettingModal open={setting} onClose={() => setSetting(false)} />
    </>
  );
}

function ReviewList({
  status,
  header,
  toolbar,
}: {
  status: ProjectReportState;
  header: ReactNode;
  toolbar: ReactNode;
}) {
  const { t } = useTranslation('projectReports', { keyPrefix: 'shared' });
  const userId = useSession((s) => s.user?.id);
  // The project overview opens it as ?projectId=N (its pending tab).
  const list = useListPage((c) => c.projectReports.paging, {} as Filter, {
    url: { projectId: 'id' },
    toBody: (f: Filter) => ({ ...f, status }),
  });
  return (
    <ListPage
      header={header}
      list={list}
      rowKey="id"
      code={`project.report-review.${status}`}
      columns={reportColumns(t, status !== 'pending')}
      filters={<ReportFilters />}
      toolbar={toolbar}
      actions={{
        width: 200,
        render: (row) => (
          <ReviewActions row={row} mine={row.createdBy === userId} onDone={() => list.reload()} />
        ),
      }}
    />
  );
}

interface SettingValues {
  projectId: number;
  reportReview: boolean;
}

/** Whether a project's released reports wait for this review: shown for the project chosen. */
function SettingModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('projectReports', { keyPrefix: 'review' });
  const { t: s } = useTranslation('projectReports', { keyPrefix: 'shared' });
  const [form] = Form.useForm<SettingValues>();
  const choose = async (projectId: number) => {
    const answer = await callEndpoint((c) => c.projectReports.setting, { params: { id: projectId } });
    form.setFieldValue('reportReview', answer.data.reportReview);
  };
  return (
    <FormModal<SettingValues>
      open={open}
      title={t('settingTitle')}
      form={form}
      initialValues={{ reportReview: false }}
      savedMessage={t('settingSaved')}
      onSave={(values) => callEndpoint((c) => c.projectReports.saveSetting, { body: values })}
      onClose={onClose}
      testId="project-report-setting-form"
      name="reportSetting"
    >
      <Form.Item name="projectId" label={s('project')} rules={[rules.chosen(s('project'))]}>
        <ProjectSelect
          onChange={(id: number) => void choose(id)}
          data-testid="project-report-setting-project"
        />
      </Form.Item>
      <Form.Item name="reportReview" label={t('settingOn')} valuePropName="checked">
        <Switch data-testid="project-report-setting-switch" />
      </Form.Item>
    </FormModal>
  );
}
