import {
  SAMPLE_CATEGORIES,
  SAMPLE_CONTAINER_DICT,
  SAMPLE_TYPE_PERMISSIONS,
  type SampleCategory,
  type SampleTypeRow,
} from '@trialab/api-contract';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import {
  CodeNameFields,
  enabledColumn,
  KeywordFilter,
  SortField,
  useEditingActions,
} from '../referenceFields';

interface Filter {
  keyword?: string;
  category?: SampleCategory;
  enabled?: boolean;
}

interface Values {
  code: string;
  name: string;
  enName: string;
  category: SampleCategory;
  container?: string;
  storageTemperatureId?: number;
  sort: string;
}

/** Every write changes the list: it is loaded again before the write resolves. */
const invalidates = [(api: Contract) => api.sampleTypes.paging];

/**
 * /platform/sample-type: the kinds of specimen the lab receives, tests and stores; each with its
 * category, default container and default storage condition (used by plans and storage).
 */
export default function SampleTypePage() {
  const { t } = useTranslation('platformData', { keyPrefix: 'sampleType' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'record' });
  const list = useListPage((api) => api.sampleTypes.paging, {} as Filter);
  const create = useEndpointMutation((api) => api.sampleTypes.create, { invalidates });
  const update = useEndpointMutation((api) => api.sampleTypes.update, { invalidates });
  const setStatus = useEndpointMutation((api) => api.sampleTypes.setStatus, { invalidates });
  // A new default can only be an enabled storage condition (the server refuses others).
  const storage =
    useEndpointQuery((api) => api.temperatures.paging, {
      body: { page: 1, size: 100, use: 'storage', enabled: true },
    }).data?.data ?? [];
  const [editing, setEditing] = useState<SampleTypeRow | 'new' | null>(null);
  const editingActions = useEditingActions<SampleTypeRow>({
    permissions: SAMPLE_TYPE_PERMISSIONS,
    testId: 'sample-type',
    onEdit: setEditing,
  });
  const storageOptions = storage.map((s) => ({
    value: s.id,
    label: `${nameOf(s)} ${s.range}`,
  }));
  // A type may keep a condition disabled since; it still shows by name.
  if (editing && editing !== 'new' && editing.storageTemperatureId !== null) {
    const kept = editing.storageTemperatureId;
    if (!storageOptions.some((o) => o.value === kept)) {
      storageOptions.push({ value: kept, label: editing.storageTemperatureName ?? String(kept) });
    }
  }
  const categories = SAMPLE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }));

  const columns: ListColumn<SampleTypeRow>[] = [
    col.text('code', c('code'), 100),
    col.localName<SampleTypeRow>(c('name')),
    {
      dataIndex: 'category',
      title: t('category'),
      width: 100,
      render: (_, row) => t(`categories.${row.category}`),
      filter: <Select allowClear style={{ width: 120 }} options={categories} />,
    },
    col.dict<SampleTypeRow>('container', t('container'), SAMPLE_CONTAINER_DICT),
    col.text('storageTemperatureName', t('storageTemperature'), 140),
    col.text('sort', c('sort'), 80),
    enabledColumn({
      permission: SAMPLE_TYPE_PERMISSIONS.status,
      testId: 'sample-type',
      name: (row) => nameOf(row),
      setStatus,
    }),
  ];

  const save = (values: Values) => {
    const body = {
      code: values.code,
      name: values.name,
      enName: values.enName,
      category: values.category,
      container: values.container ?? null,
      storageTemperatureId: values.storageTemperatureId ?? null,
      sort: Number(values.sort || 0),
    };
    return editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } })
      : create.mutateAsync({ body });
  };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.sample-type"
      columns={columns}
      filters={<KeywordFilter />}
      {...editingActions}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'createTitle' : 'editTitle')}
        name="sampleType"
        testId="sample-type-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                ...editing,
                container: editing.container ?? undefined,
                storageTemperatureId: editing.storageTemperatureId ?? undefined,
                sort: String(editing.sort),
              }
            : { category: 'blood', sort: '0' }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameFields />
        <Form.Item name="category" label={t('category')} rules={[rules.chosen(t('category'))]}>
          <Select options={categories} />
        </Form.Item>
        <Form.Item name="container" label={t('container')}>
          <DictSelect
            dictNo={SAMPLE_CONTAINER_DICT}
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('containerHint')}
            data-testid="sample-type-container"
          />
        </Form.Item>
        <Form.Item name="storageTemperatureId" label={t('storageTemperature')}>
          <Select allowClear options={storageOptions} />
        </Form.Item>
        <SortField />
      </FormModal>
    </ListPage>
  );
}
