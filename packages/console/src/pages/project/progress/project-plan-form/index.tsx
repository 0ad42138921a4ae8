import { Button, Card, DatePicker, Empty, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAction } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { ProjectSelect } from '../../../../components/ProjectSelect';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import { DETAIL } from '../parts';
import { type TaskPlan, TaskTable } from '../taskTable';

interface Head {
  projectId?: number;
  templateId?: number;
  startDate?: Dayjs;
}
const DAY = 'YYYY-MM-DD';

/**
 * /project/progress/project-plan-form: a new progress plan from a published template. The project,
 * template and start day show the tasks the plan will copy (default owners, dates, forms); owners
 * and dates chosen here are saved with the draft.
 */
export default function ProgressPlanFormPage() {
  const { t } = useTranslation('projectProgress');
  const navigate = useNavigate();
  const [form] = Form.useForm<Head>();
  const head = Form.useWatch([], form) ?? {};
  const templates = useEndpointQuery((c) => c.progress.templates).data?.data ?? [];
  const input =
    head.projectId && head.templateId && head.startDate
      ? { projectId: head.projectId, templateId: head.templateId, startDate: head.startDate.format(DAY) }
      : null;
  const preview = useEndpointQuery(
    (c) => c.progress.preview,
    { body: input ?? { projectId: 0, templateId: 0, startDate: '' } },
    { enabled: input !== null },
  ).data?.data;
  // Choices belong to the preview they were made on: another project, template or day starts over.
  const inputKey = JSON.stringify(input);
  const [chosen, setChosen] = useState<{ of: string; plans: Record<number, Partial<TaskPlan>> }>({
    of: inputKey,
    plans: {},
  });
  const plans = chosen.of === inputKey ? chosen.plans : {};
  const tasks = input
    ? (preview?.tasks ?? []).map((task) => ({ ...task, key: task.sort, ...plans[task.sort] }))
    : [];
  const create = useEndpointMutation((c) => c.progress.create, { invalidates: [(c) => c.progress.paging] });
  const [run, busy] = useAction();

  const save = async () => {
    if (!input) return;
    let id = 0;
    const done = await run(async () => {
      const { data } = await create.mutateAsync({
        body: {
          ...input,
          tasks: tasks.map(({ sort, ownerId, plannedStart, plannedDue }) => ({
            sort,
            ownerId,
            plannedStart,
            plannedDue,
          })),
        },
      });
      id = data.id;
    }, t('form.saved'));
    if (done) navigate(`${DETAIL}?id=${id}`);
  };

  return (
    <Card
      title={t('form.createTitle')}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{t('form.back')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={!preview || !input}
            data-testid="progress-form-save"
            onClick={() => form.submit()}
          >
            {t('form.saveDraft')}
          </Button>
        </Space>
      }
    >
      <Form<Head> form={form} layout="inline" onFinish={save} style={{ marginBottom: 16 }}>
        <Form.Item name="projectId" label={t('shared.project')} rules={[rules.chosen(t('shared.project'))]}>
          <ProjectSelect style={{ width: 260 }} data-testid="progress-create-project" />
        </Form.Item>
        <Form.Item
          name="templateId"
          label={t('shared.template')}
          rules={[rules.chosen(t('shared.template'))]}
        >
          <Select
            style={{ width: 260 }}
            data-testid="progress-create-template"
            options={templates.map((p) => ({ value: p.id, label: `${p.code} V${p.revision} ${p.name}` }))}
          />
        </Form.Item>
        <Form.Item
          name="startDate"
          label={t('shared.startDate')}
          rules={[rules.chosen(t('shared.startDate'))]}
        >
          <DatePicker data-testid="progress-create-start" />
        </Form.Item>
      </Form>
      {input ? (
        <TaskTable
          tasks={tasks}
          staff={preview?.staff}
          onChange={(task, patch) =>
            setChosen({ of: inputKey, plans: { ...plans, [task.sort]: { ...plans[task.sort], ...patch } } })
          }
        />
      ) : (
        <Empty description={t('form.choose')} />
      )}
    </Card>
  );
}
