import { PlusOutlined } from '@ant-design/icons';
import { PROJECT_CONFIG_PERMISSIONS, type ProjectTestItemRow, RANGE_SEXES } from '@trialab/api-contract';
import { Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

/** The select's value for "either sex" (null in the request). */
const ANY = 'any';

interface Values {
  testItemId: number;
  sex: 'M' | 'F' | typeof ANY;
  ageMin?: number | null;
  ageMax?: number | null;
  low?: number | null;
  high?: number | null;
  unit?: string;
  text?: string;
}

/**
 * /project/test-project-config: the test items a project uses with its own reference ranges and
 * units (by sex and age band when needed); results of the project's subjects print these instead
 * of the test item's defaults.
 */
export default function TestProjectConfigPage() {
  const { t } = useTranslation('projectConfig', { keyPrefix: 'range' });
  const { t: s } = useTranslation('projectConfig', { keyPrefix: 'shared' });
  const [projectId, setProjectId] = useState<number | undefined>();
  const ranges = useEndpointQuery(
    (c) => c.projectTestItems.list,
    { body: { projectId: projectId ?? 0 } },
    { enabled: projectId !== undefined },
  );
  const items = useEndpointQuery((c) => c.projectTestItems.items, { body: {} }).data?.data ?? [];
  const [editing, setEditing] = useState<ProjectTestItemRow | 'new' | null>(null);
  const [run] = useAction();
  const rows = projectId === undefined ? [] : (ranges.data?.data ?? []);

  const save = async ({ sex, unit, text, ...values }: Values) => {
    if (projectId === undefined) return;
    const body = {
      ...values,
      projectId,
      sex: sex === ANY ? null : sex,
      unit: unit?.trim() || null,
      text: text?.trim() || null,
      ...(editing && editing !== 'new' ? { id: editing.id, version: editing.version } : {}),
    };
    await callEndpoint((c) => c.projectTestItems.save, { body });
    await ranges.refetch();
  };
  const remove = async (row: ProjectTestItemRow) => {
    if (!(await confirmed({ content: t('confirmRemove', { code: row.code }) }))) return;
    await run(
      () =>
        callEndpoint((c) => c.projectTestItems.remove, { params: { id: row.id } }).then(() =>
          ranges.refetch(),
        ),
      t('removedOk'),
    );
  };
  const bound = (v: number | null) => (v === null ? '' : String(v));

  return (
    <Card
      title={
        <Space>
          {s('project')}
          <ProjectSelect
            placeholder={s('chooseProject')}
            aria-label={s('project')}
            style={{ width: 260 }}
            value={projectId}
            onChange={setProjectId}
            data-testid="range-project"
          />
        </Space>
      }
      extra={
        <Permission value={[PROJECT_CONFIG_PERMISSIONS.rangeEdit]}>
          <Button
            icon={<PlusOutlined />}
            disabled={projectId === undefined}
            onClick={() => setEditing('new')}
            data-testid="range-create"
          >
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Table<ProjectTestItemRow>
        rowKey="id"
        size="small"
        loading={ranges.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          { dataIndex: 'code', title: t('item'), render: (_, r) => `${r.code} ${r.name}` },
          { dataIndex: 'sex', title: t('sex'), width: 80, render: (_, r) => t(`sexes.${r.sex ?? ANY}`) },
          {
            dataIndex: 'ageMin',
            title: t('age'),
            width: 100,
            render: (_, r) =>
              r.ageMin === null && r.ageMax === null ? '—' : `${bound(r.ageMin)}–${bound(r.ageMax)}`,
          },
          {
            dataIndex: 'low',
            title: `${t('low')} – ${t('high')} / ${t('text')}`,
            render: (_, r) => r.text ?? `${bound(r.low)} – ${bound(r.high)}`,
          },
          { dataIndex: 'unit', title: t('unit'), width: 100, render: (_, r) => dash(r.unit) },
          {
            dataIndex: 'defaultRange',
            title: t('defaults'),
            render: (_, r) => `${dash(r.defaultRange)} ${r.defaultUnit ?? ''}`,
          },
          {
            dataIndex: 'id',
            title: '',
            width: 130,
            render: (_, r) => (
              <Permission value={[PROJECT_CONFIG_PERMISSIONS.rangeEdit]}>
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(r)}
                    data-testid={`range-edit-${r.id}`}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => void remove(r)}
                    data-testid={`range-remove-${r.id}`}
                  >
                    ✕
                  </Button>
                </Space>
              </Permission>
            ),
          },
        ]}
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing === 'new' ? t('create') : t('edit')}
        initialValues={
          editing === 'new' || editing === null
            ? { sex: ANY }
            : {
                ...editing,
                sex: editing.sex ?? ANY,
                unit: editing.unit ?? undefined,
                text: editing.text ?? undefined,
              }
        }
        onSave={save}
        onClose={() => setEditing(null)}
        testId="range-form"
        name="range"
      >
        <Form.Item name="testItemId" label={t('item')} rules={[rules.chosen(t('item'))]}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={editing !== 'new'}
            options={items.map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }))}
          />
        </Form.Item>
        <Form.Item name="sex" label={t('sex')}>
          <Select
            options={([ANY, ...RANGE_SEXES] as const).map((v) => ({ value: v, label: t(`sexes.${v}`) }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="ageMin" label={t('ageMin')}>
            <InputNumber min={0} max={150} precision={0} />
          </Form.Item>
          <Form.Item name="ageMax" label={t('ageMax')}>
            <InputNumber min={0} max={150} precision={0} />
          </Form.Item>
        </Space>
        <Space>
          <Form.Item name="low" label={t('low')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="high" label={t('high')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="unit" label={t('unit')}>
            <Input maxLength={32} />
          </Form.Item>
        </Space>
        <Form.Item name="text" label={t('text')}>
          <Input maxLength={64} placeholder={t('textHint')} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
