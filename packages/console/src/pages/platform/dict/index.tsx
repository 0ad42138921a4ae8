import { ImportOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { FormModal, useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { useDict } from '../../../stores/dict';
import { ImportModal } from './ImportModal';

type DictType = DataOf<Contract['dict']['typeList']>[number];
type Item = DataOf<Contract['dict']['page']>[number]['dictDataRespList'][number];
interface ItemForm {
  value: string;
  label: string;
  enLabel: string;
  sort: number;
}

const CREATE = 'platform:dict:create';
const UPDATE = 'platform:dict:update';
/** Every read a dictionary change makes stale (this page's lists and the selects' batch read). */
const CHANGES = [
  (c: Contract) => c.dict.page,
  (c: Contract) => c.dict.typeList,
  (c: Contract) => c.dict.types,
  (c: Contract) => c.dict.get,
];

/** The item fields, shared by the edit dialog and each row of the batch dialog. */
function ItemFields({ prefix = [] }: { prefix?: Array<string | number> }) {
  const { t } = useTranslation('platformData', { keyPrefix: 'dict' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'shared' });
  const field = (name: keyof ItemForm) => [...prefix, name];
  const inline = prefix.length > 0;
  const text = (name: 'value' | 'label' | 'enLabel') => (
    <Form.Item
      name={field(name)}
      label={inline ? undefined : t(name)}
      rules={[rules.required(t(name)), rules.max(t(name), 64)]}
    >
      <Input maxLength={64} placeholder={inline ? t(name) : undefined} />
    </Form.Item>
  );
  return (
    <>
      {text('value')}
      {text('label')}
      {text('enLabel')}
      <Form.Item
        name={field('sort')}
        label={inline ? undefined : c('sort')}
        rules={[rules.chosen(c('sort'))]}
      >
        <InputNumber min={0} max={9999} precision={0} placeholder={c('sort')} />
      </Form.Item>
    </>
  );
}

/** /platform/dict: dictionaries and their items; edit, enable/disable, add in batches, import from xlsx. */
export default function DictPage() {
  const { t } = useTranslation('platformData', { keyPrefix: 'dict' });
  const { t: c } = useTranslation('platformData', { keyPrefix: 'shared' });
  const { t: all } = useTranslation();
  const { can } = useAccess();
  const [keyword, setKeyword] = useState('');
  const types = useEndpointQuery((api) => api.dict.typeList, { body: keyword ? { keyword } : {} });
  const [chosen, setDictNo] = useState<number | null>(null);
  // The page opens on the first type (not on an empty pane) until one is chosen.
  const dictNo = chosen ?? types.data?.data[0]?.dictNo ?? null;
  const [filter, setFilter] = useState<{ label?: string }>({});
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const items = useEndpointQuery(
    (api) => api.dict.page,
    { body: { dictNo: dictNo ?? 1001, ...filter, ...paging } },
    { enabled: dictNo !== null },
  );
  const current = types.data?.data.find((d) => d.dictNo === dictNo);
  const [editing, setEditing] = useState<Item | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [run] = useAction();
  const update = useEndpointMutation((api) => api.dict.update, { invalidates: CHANGES });
  const batchInsert = useEndpointMutation((api) => api.dict.batchInsert, { invalidates: CHANGES });

  // This console's selects show the change at once; other consoles see the revision move.
  const changed = (nos: number[]) => useDict.getState().invalidate(nos);
  const choose = (no: number) => {
    setDictNo(no);
    setFilter({});
    setPaging({ page: 1, size: paging.size });
  };
  const saveItem = async (values: ItemForm) => {
    if (!editing) return;
    await update.mutateAsync({
      body: { ...values, id: editing.id, version: editing.version, status: editing.status as 0 | 1 },
    });
    changed([editing.dictNo]);
  };
  const toggle = (row: Item) =>
    run(
      async () => {
        const { id, version, value, label, enLabel, sort } = row;
        const status = row.status ? 0 : 1;
        await update.mutateAsync({ body: { id, version, value, label, enLabel, sort, status } });
        changed([row.dictNo]);
      },
      row.status ? c('disabledOk') : c('enabledOk'),
    );
  const addItems = async (values: { items: ItemForm[] }) => {
    if (dictNo === null) return;
    await batchInsert.mutateAsync({ body: { dictNo, items: values.items } });
    changed([dictNo]);
  };

  const typeName = (d: DictType) => nameOf(d);
  const page = items.data;
  const rows = page?.data[0]?.dictDataRespList ?? [];

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={t('types')}>
          <Input.Search
            allowClear
            placeholder={t('typeKeyword')}
            onSearch={setKeyword}
            style={{ marginBottom: 12 }}
            data-testid="dict-type-keyword"
          />
          <Table<DictType>
            rowKey="dictNo"
            size="small"
            loading={types.isFetching}
            dataSource={types.data?.data ?? []}
            pagination={{ pageSize: 12, showSizeChanger: false }}
            rowClassName={(d) => (d.dictNo === dictNo ? 'ant-table-row-selected' : '')}
            onRow={(d) => ({ onClick: () => choose(d.dictNo), style: { cursor: 'pointer' } })}
            data-testid="dict-types"
            columns={[
              { dataIndex: 'dictNo', title: t('dictNo'), width: 90 },
              {
                key: 'name',
                title: t('typeName'),
                render: (_, d) => <span data-testid={`dict-type-${d.dictNo}`}>{typeName(d)}</span>,
              },
              {
                key: 'count',
                title: t('items'),
                width: 120,
                render: (_, d) => t('itemCount', { enabled: d.enabledCount, total: d.itemCount }),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card
          title={current ? `${current.dictNo} ${typeName(current)}` : t('title')}
          extra={
            <Permission value={[CREATE]}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="dict-import">
                {t('import')}
              </Button>
            </Permission>
          }
        >
          {dictNo === null ? (
            <Tag>{t('chooseType')}</Tag>
          ) : (
            <>
              <Space wrap style={{ marginBottom: 12 }}>
                <Input.Search
                  key={dictNo}
                  allowClear
                  placeholder={t('labelKeyword')}
                  onSearch={(label) => {
                    setFilter(label ? { label } : {});
                    setPaging({ page: 1, size: paging.size });
                  }}
                  style={{ width: 220 }}
                />
                <Permission value={[CREATE]}>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => setAdding(true)}
                    data-testid="dict-add-items"
                  >
                    {t('addItems')}
                  </Button>
                </Permission>
              </Space>
              <Table<Item>
                rowKey="id"
                size="small"
                loading={items.isFetching}
                dataSource={rows}
                data-testid="dict-items"
                pagination={{
                  current: paging.page,
                  pageSize: paging.size,
                  total: page?.total ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: [10, 20, 50],
                  onChange: (p, size) => setPaging({ page: size === paging.size ? p : 1, size }),
                }}
                columns={[
                  { dataIndex: 'value', title: t('value'), width: 120 },
                  { dataIndex: 'label', title: t('label') },
                  { dataIndex: 'enLabel', title: t('enLabel') },
                  { dataIndex: 'sort', title: c('sort'), width: 70 },
                  {
                    dataIndex: 'status',
                    title: all('fields.status'),
                    width: 90,
                    render: (_, row) =>
                      can(UPDATE) ? (
                        <Popconfirm
                          title={c(row.status ? 'confirmDisable' : 'confirmEnable', { name: row.label })}
                          onConfirm={() => toggle(row)}
                        >
                          <Switch
                            size="small"
                            checked={row.status === 1}
                            aria-label={`${row.label} ${c(row.status ? 'enabled' : 'disabled')}`}
                            data-testid={`dict-item-status-${row.value}`}
                          />
                        </Popconfirm>
                      ) : (
                        <Tag color={row.status ? 'success' : 'default'}>
                          {c(row.status ? 'enabled' : 'disabled')}
                        </Tag>
                      ),
                  },
                  {
                    key: 'actions',
                    title: all('components.actions'),
                    width: 80,
                    render: (_, row) => (
                      <Permission value={[UPDATE]}>
                        <Button type="link" size="small" onClick={() => setEditing(row)}>
                          {c('edit')}
                        </Button>
                      </Permission>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Card>
      </Col>
      <FormModal<ItemForm>
        open={editing !== null}
        title={t('editItem')}
        initialValues={editing ?? undefined}
        onSave={saveItem}
        onClose={() => setEditing(null)}
        testId="dict-item-form"
        name="dictItem"
      >
        <ItemFields />
      </FormModal>
      <FormModal<{ items: ItemForm[] }>
        open={adding}
        title={t('addItemsTitle', { name: current ? typeName(current) : '' })}
        initialValues={{ items: [{ value: '', label: '', enLabel: '', sort: 0 }] }}
        onSave={addItems}
        onClose={() => setAdding(false)}
        width={860}
        testId="dict-add-form"
        name="dictAdd"
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <ItemFields prefix={[f.name]} />
                  {fields.length > 1 && (
                    <MinusCircleOutlined aria-label={t('removeRow')} onClick={() => remove(f.name)} />
                  )}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sort: 0 })}>
                {t('addRow')}
              </Button>
            </>
          )}
        </Form.List>
      </FormModal>
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={changed} />
    </Row>
  );
}
