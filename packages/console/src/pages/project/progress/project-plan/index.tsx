import { PROGRESS_PERMISSIONS, type ProgressPlanState } from '@trialab/api-contract';
import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../../access/useAccess';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { useProjectSites } from '../../../../components/ProjectSiteFields/useProjectSites';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointQuery } from '../../../../services/query';
import { useSession } from '../../../../stores/session';
import { DETAIL, PlanActions, PlanStatusFilter, planColumns } from '../parts';

type Filter = { status?: ProgressPlanState };
interface CreateForm {
  projectId: number;
  templateId: number;
  startDate: Dayjs;
}

/** Fields of a new plan: the project, a published template and the day its offsets count from. */
function CreateFields() {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  const { projects } = useProjectSites(undefined);
  const templates = useEndpointQuery((c) => c.progress.templates).data?.data ?? [];
  return (
    <>
      <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
        <Select
          data-testid="progress-create-project"
          options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
        />
      </Form.Item>
      <Form.Item name="templateId" label={t('template')} rules={[rules.chosen(t('template'))]}>
        <Select
          data-testid="progress-create-template"
          options={templates.map((p) => ({ value: p.id, label: `${p.code} V${p.revision} ${p.name}` }))}
        />
      </Form.Item>
      <Form.Item name="startDate" label={t('startDate')} rules={[rules.chosen(t('startDate'))]}>
        <DatePicker data-testid="progress-create-start" />
      </Form.Item>
    </>
  );
}

/** /project/progress/project-plan: the progress plans of my projects; a new one from a template. */
export default function ProgressPlansPage() {
  const { t } = useTranslation('projectProgress', { keyPrefix: 'shared' });
  const { can } = useAccess();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.progress.paging, {} as Filter, { url: { status: 'one' } });
  const [creating, setCreating] = useState(false);

  const create = async (values: CreateForm) => {
    const { data } = await callEndpoint((c) => c.progress.create, {
      body: { ...values, startDate: values.startDate.format('YYYY-MM-DD') },
    });
    navigate(`${DETAIL}?id=${data.id}`);
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="project.progress.project-plan"
      columns={planColumns(t)}
      filters={<PlanStatusFilter />}
      toolbar={
        can(PROGRESS_PERMISSIONS.edit) && (
          <Button type="primary" data-testid="progress-create" onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        )
      }
      actions={{
        width: 220,
        render: (row) => (
          <PlanActions row={row} mine={row.createdBy === userId} onDone={() => list.reload()} />
        ),
      }}
    >
      <FormModal<CreateForm>
        open={creating}
        title={t('create')}
        onSave={create}
        onClose={() => setCreating(false)}
        testId="progress-create-form"
      >
        <CreateFields />
      </FormModal>
    </ListPage>
  );
}
