import type { BodyOf, DataOf, PlanTemplateRow } from '@trialab/api-contract';
import { Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { dash, formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import {
  CODE_PATTERN,
  type TemplateFilter,
  TemplateFilters,
  useRevisionActions,
  useRevisionColumns,
} from '../templateParts';
import { StagesEditor } from './StagesEditor';

type Detail = DataOf<Contract['planTemplates']['get']>;
type Stages = BodyOf<Contract['planTemplates']['update']>['stages'];
interface Values {
  code: string;
  name: string;
  description?: string | null;
  stages?: Array<{ name: string; tasks?: Array<Partial<Stages[number]['tasks'][number]>> }>;
}

/** What the form holds, as the contract reads it: unset choices are null, a task without a tick not approved. */
function toStages(values: Values): Stages {
  return (values.stages ?? []).map((stage) => ({
    name: stage.name,
    tasks: (stage.tasks ?? []).map((task) => ({
      name: task.name ?? '',
      ownerRoleId: task.ownerRoleId ?? null,
      offsetDays: task.offsetDays ?? 0,
      durationDays: task.durationDays ?? 1,
      needsApproval: task.needsApproval ?? false,
      formTemplateId: task.formTemplateId ?? null,
    })),
  }));
}

/** Reachable by Tab, so the scrolling dialog body scrolls from the keyboard (as DataTable's body does). */
const reachable = (element: HTMLElement | null) => {
  if (element) element.tabIndex = 0;
};

/** The stages of a revision read-only: each stage's tasks with owner, days, approval and form. */
function StagesView({ detail }: { detail: Detail }) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'plan' });
  const { t: c } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  type Task = Detail['stages'][number]['tasks'][number];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="plan-template-stages">
      {detail.stages.map((stage, index) => (
        <Table<Task>
          key={`${index}-${stage.name}`}
          size="small"
          title={() => <strong>{`${index + 1}. ${stage.name}`}</strong>}
          rowKey={(task) => task.name}
          pagination={false}
          dataSource={stage.tasks}
          columns={[
            { dataIndex: 'name', title: t('task') },
            { dataIndex: 'ownerRoleName', title: t('ownerRole'), width: 120, render: dash },
            {
              key: 'days',
              title: t('durationDays'),
              width: 130,
              render: (_, task) =>
                t('schedule', { from: task.offsetDays, to: task.offsetDays + task.durationDays }),
            },
            {
              dataIndex: 'needsApproval',
              title: t('needsApproval'),
              width: 80,
              render: (v: boolean) => (v ? <Tag color="processing">✓</Tag> : '-'),
            },
            {
              key: 'form',
              title: t('formTemplate'),
              render: (_, task) =>
                task.formTemplate
                  ? `${task.formTemplate.name} (${task.formTemplate.code} ${c('revisionOf', { n: task.formTemplate.revision })})`
                  : '-',
            },
          ]}
        />
      ))}
    </Space>
  );
}

/**
 * /platform/project-plan-template: plan templates (every revision), designed in a dialog (stages
 * in order, their tasks) and viewed read-only. A project's progress plan is built from a
 * published revision.
 */
export default function PlanTemplatesPage() {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'plan' });
  const { t: c } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  const list = useListPage((api) => api.planTemplates.paging, {} as TemplateFilter);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const viewed = useDetail(
    viewing,
    (api) => api.planTemplates.get,
    () => setViewing(null),
  );
  const edited = useDetail(
    typeof editing === 'number' ? editing : null,
    (api) => api.planTemplates.get,
    () => setEditing(null),
  );
  const roles = useEndpointQuery((api) => api.role.listAllSimple).data?.data ?? [];
  const published =
    useEndpointQuery((api) => api.formTemplates.paging, { body: { page: 1, size: 100, status: 'published' } })
      .data?.data ?? [];
  const formOptions = published.map((f) => ({
    value: f.id,
    label: `${f.name} (${f.code} ${c('revisionOf', { n: f.revision })})`,
  }));
  // A draft may keep a form retired since it was chosen; it still shows by name.
  for (const stage of edited?.stages ?? [])
    for (const task of stage.tasks)
      if (task.formTemplate && !formOptions.some((o) => o.value === task.formTemplateId))
        formOptions.push({
          value: task.formTemplateId ?? 0,
          label: `${task.formTemplate.name} (${task.formTemplate.code})`,
        });

  const columns = useRevisionColumns<PlanTemplateRow>([
    { dataIndex: 'stageCount', title: t('stageCount'), width: 80 },
    { dataIndex: 'taskCount', title: t('taskCount'), width: 80 },
  ]);
  const { dialogs, ...actions } = useRevisionActions<PlanTemplateRow>({
    group: 'planTemplates',
    reload: list.reload,
    onCreate: () => setEditing('new'),
    onView: (row) => setViewing(row.id),
    onEdit: (row) => setEditing(row.id),
  });

  const save = async (values: Values) => {
    const body = {
      name: values.name,
      description: values.description?.trim() || null,
      stages: toStages(values),
    };
    if (editing === 'new')
      await callEndpoint((api) => api.planTemplates.create, { body: { ...body, code: values.code } });
    else if (edited)
      await callEndpoint((api) => api.planTemplates.update, {
        params: { id: edited.id },
        body: { ...body, version: edited.version },
      });
    await list.reload();
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.project-plan-template"
      columns={columns}
      filters={<TemplateFilters />}
      {...actions}
    >
      {dialogs}
      <FormModal<Values>
        open={editing === 'new' || edited !== null}
        width={1180}
        title={editing === 'new' ? t('newTitle') : `${t('editTitle')} · ${edited?.code ?? ''}`}
        testId="plan-template-form"
        initialValues={editing === 'new' ? { stages: [] } : (edited ?? undefined)}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Space wrap align="start">
          <Form.Item
            name="code"
            label={c('code')}
            rules={[rules.required(c('code')), { pattern: CODE_PATTERN, message: c('codeRule') }]}
          >
            <Input maxLength={16} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item
            name="name"
            label={c('name')}
            rules={[rules.required(c('name')), rules.max(c('name'), 64)]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="description" label={c('description')}>
            <Input maxLength={500} style={{ width: 420 }} />
          </Form.Item>
        </Space>
        <StagesEditor roles={roles.map((r) => ({ value: r.id, label: r.name }))} forms={formOptions} />
      </FormModal>
      <ViewModal
        open={viewed !== null}
        width={1000}
        title={
          viewed ? `${t('detailTitle')} · ${viewed.code} ${c('revisionOf', { n: viewed.revision })}` : ''
        }
        onCancel={() => setViewing(null)}
      >
        {viewed && (
          <section aria-label={t('stages')} ref={reachable}>
            <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={c('name')}>{viewed.name}</Descriptions.Item>
              <Descriptions.Item label={c('updatedBy')}>{dash(viewed.updatedBy)}</Descriptions.Item>
              <Descriptions.Item label={c('publishedAt')}>{formatTime(viewed.publishedAt)}</Descriptions.Item>
              <Descriptions.Item label={c('code')}>
                <Space>
                  {viewed.code}
                  <StatusTag group="template" ns="planTemplate" status={viewed.status} />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={c('description')} span={2}>
                {dash(viewed.description)}
              </Descriptions.Item>
            </Descriptions>
            <StagesView detail={viewed} />
          </section>
        )}
      </ViewModal>
    </ListPage>
  );
}
