import {
  STOCK_OUT_REASON_DICT,
  STOCK_OUT_TYPE_PERMISSIONS,
  type StockOutTypeRow,
} from '@trialab/api-contract';
import { Form, Radio, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import { DictSelect, DictText } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation } from '../../../services/query';
import {
  CodeNameFields,
  enabledColumn,
  KeywordFilter,
  SortField,
  useEditingActions,
} from '../referenceFields';

interface Filter {
  keyword?: string;
  returnsSample?: boolean;
  enabled?: boolean;
}

interface Values {
  code: string;
  name: string;
  enName: string;
  returnsSample: boolean;
  needsReview: boolean;
  reasons: string[];
  sort: string;
}

/** Every write changes the list (and what new bills are offered). */
const invalidates = [
  (api: Contract) => api.stockOutTypes.paging,
  (api: Contract) => api.stockOutTypes.enabled,
];

/**
 * /platform/out-warehouse: the kinds of stock-out bill the specimen library issues: whether the
 * samples come back, whether a bill is reviewed before confirmation, and the reasons it may give.
 */
export default function OutWarehousePage() {
  const { t } = useTranslation('stockOut', { keyPrefix: 'type' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'record' });
  const list = useListPage((api) => api.stockOutTypes.paging, {} as Filter);
  const create = useEndpointMutation((api) => api.stockOutTypes.create, { invalidates });
  const update = useEndpointMutation((api) => api.stockOutTypes.update, { invalidates });
  const setStatus = useEndpointMutation((api) => api.stockOutTypes.setStatus, { invalidates });
  const [editing, setEditing] = useState<StockOutTypeRow | 'new' | null>(null);
  const editingActions = useEditingActions<StockOutTypeRow>({
    permissions: { create: STOCK_OUT_TYPE_PERMISSIONS.add, update: STOCK_OUT_TYPE_PERMISSIONS.edit },
    testId: 'stock-out-type',
    onEdit: setEditing,
  });
  const kinds = [
    { value: true, label: t('temporary') },
    { value: false, label: t('permanent') },
  ];

  const columns: ListColumn<StockOutTypeRow>[] = [
    col.text('code', c('code'), 140),
    col.localName<StockOutTypeRow>(c('name')),
    {
      dataIndex: 'returnsSample',
      title: t('returnsSample'),
      width: 180,
      render: (_, row) => t(row.returnsSample ? 'temporary' : 'permanent'),
      filter: <Select allowClear style={{ width: 200 }} options={kinds} />,
    },
    {
      dataIndex: 'needsReview',
      title: t('needsReview'),
      width: 120,
      render: (_, row) => (
        <Tag color={row.needsReview ? 'warning' : 'default'}>
          {t(row.needsReview ? 'reviewed' : 'notReviewed')}
        </Tag>
      ),
    },
    {
      dataIndex: 'reasons',
      title: t('reasons'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.reasons.map((value) => (
            <Tag key={value}>
              <DictText dictNo={STOCK_OUT_REASON_DICT} value={value} />
            </Tag>
          ))}
        </Space>
      ),
    },
    col.text('sort', c('sort'), 80),
    enabledColumn({
      permission: STOCK_OUT_TYPE_PERMISSIONS.toggle,
      testId: 'stock-out-type',
      name: (row) => nameOf(row),
      setStatus,
    }),
  ];

  const save = (values: Values) => {
    const body = {
      code: values.code,
      name: values.name,
      enName: values.enName,
      returnsSample: values.returnsSample,
      needsReview: values.needsReview,
      reasons: values.reasons,
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
      code="platform.out-warehouse"
      columns={columns}
      filters={<KeywordFilter />}
      {...editingActions}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'createTitle' : 'editTitle')}
        name="stockOutType"
        testId="stock-out-type-form"
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, sort: String(editing.sort) }
            : { returnsSample: false, needsReview: false, reasons: [], sort: '0' }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <CodeNameFields />
        <Form.Item name="returnsSample" label={t('returnsSample')}>
          <Radio.Group options={kinds} />
        </Form.Item>
        <Form.Item name="needsReview" label={t('needsReview')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="reasons"
          label={t('reasons')}
          extra={t('reasonsHint')}
          rules={[{ ...rules.chosen(t('reasons')), type: 'array' }]}
        >
          <DictSelect dictNo={STOCK_OUT_REASON_DICT} mode="multiple" allowClear />
        </Form.Item>
        <SortField />
      </FormModal>
    </ListPage>
  );
}
