import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PLAN_EDITABLE_STATES,
  PLAN_PERMISSIONS,
  type PlanKitRow,
  SAMPLING_PLAN_LIMITS,
} from '@trialab/api-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { DictSelect, DictText } from '../../../components/DictSelect';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { textOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

/** Dictionary 1016: how a kit is delivered. */
const DELIVERY_MODEL_DICT = 1016;

type Item = PlanKitRow['items'][number];
interface Values {
  name: string;
  deliveryModel: string;
  /** The item as written (the list's English texts of its catalogue consumable are not edited). */
  items: Array<
    Pick<Item, 'consumableName' | 'unit' | 'quantityPerKit'> & {
      size?: string;
      vendor?: string;
      scopeOfUse?: string;
    }
  >;
}

const ITEM_FIELDS = [
  ['consumableName', 64],
  ['size', 32],
  ['vendor', 64],
  ['unit', 16],
  ['scopeOfUse', 128],
] as const;
const REQUIRED = new Set(['consumableName', 'unit']);

/**
 * The consumable kits a plan version defines (plan-detail, create-plan): shown always, added,
 * changed and removed while the version is a draft or returned. Once the version goes online they
 * are the kits the portal offers the project's sites.
 */
export function PlanKits({ planId }: { planId: number }) {
  const { t } = useTranslation('projectPlanParts', { keyPrefix: 'kits' });
  const plan = useEndpointQuery((c) => c.plan.get, { params: { id: planId } }).data?.data;
  const kits = useEndpointQuery((c) => c.plan.kitList, { params: { id: planId } });
  // The sample editor offers the version's kits (plan.choices): both lists follow a change.
  const invalidates = [(c: Contract) => c.plan.kitList, (c: Contract) => c.plan.choices];
  const saveKit = useEndpointMutation((c) => c.plan.kitSave, { invalidates });
  const deleteKit = useEndpointMutation((c) => c.plan.kitDelete, { invalidates });
  const [editing, setEditing] = useState<PlanKitRow | 'new' | null>(null);
  const [run] = useAction();
  const editable = plan !== undefined && PLAN_EDITABLE_STATES.includes(plan.status);
  const rows = kits.data?.data ?? [];

  const save = async ({ items, ...values }: Values) => {
    const body = {
      ...values,
      planId,
      items: items.map((i) => ({
        ...i,
        size: i.size || null,
        vendor: i.vendor || null,
        scopeOfUse: i.scopeOfUse || null,
      })),
      ...(editing && editing !== 'new' ? { id: editing.id, version: editing.version } : {}),
    };
    await saveKit.mutateAsync({ body });
  };
  const remove = async (kit: PlanKitRow) => {
    if (!(await confirmed({ content: t('confirmRemove', { name: kit.name }) }))) return;
    await run(() => deleteKit.mutateAsync({ params: { id: kit.id } }), t('removedOk'));
  };
  const editButtons = (kit: PlanKitRow) => (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => setEditing(kit)}
        data-testid={`plan-kit-edit-${kit.id}`}
      >
        {t('edit')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        disabled={kit.visits.length > 0}
        onClick={() => void remove(kit)}
        data-testid={`plan-kit-remove-${kit.id}`}
      >
        ✕
      </Button>
    </Space>
  );

  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="plan-kits"
      extra={
        editable && (
          <Permission value={[PLAN_PERMISSIONS.edit]}>
            <Button
              icon={<PlusOutlined />}
              size="small"
              disabled={rows.length >= SAMPLING_PLAN_LIMITS.kits}
              onClick={() => setEditing('new')}
              data-testid="plan-kit-add"
            >
              {t('add')}
            </Button>
          </Permission>
        )
      }
    >
      {plan && !editable && <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 8 }} />}
      <Table<PlanKitRow>
        rowKey="id"
        size="small"
        loading={kits.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          { dataIndex: 'name', title: t('name'), width: 160 },
          {
            dataIndex: 'deliveryModel',
            title: t('deliveryModel'),
            width: 100,
            render: (_, r) => <DictText dictNo={DELIVERY_MODEL_DICT} value={r.deliveryModel} />,
          },
          {
            dataIndex: 'items',
            title: t('items'),
            render: (_, r) =>
              r.items.map((i) => {
                // In the reader's language: the catalogue consumable's English texts for en-US.
                const size = textOf(i.size, i.enSize);
                return (
                  <div key={`${i.consumableName}-${i.size ?? ''}`}>
                    {[
                      `${textOf(i.consumableName, i.consumableEnName)}${size ? ` ${size}` : ''} × ${i.quantityPerKit} ${textOf(i.unit, i.enUnit)}`,
                      textOf(i.vendor, i.enVendor),
                      textOf(i.scopeOfUse, i.enScopeOfUse),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                );
              }),
          },
          {
            dataIndex: 'visits',
            title: t('visits'),
            width: 160,
            render: (_, r) => dash(r.visits.join('、')),
          },
          ...(editable
            ? [
                {
                  dataIndex: 'id',
                  title: '',
                  width: 100,
                  render: (_: unknown, r: PlanKitRow) => (
                    <Permission value={[PLAN_PERMISSIONS.edit]}>{editButtons(r)}</Permission>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing === 'new' ? t('add') : t('edit')}
        width={900}
        initialValues={
          editing === 'new' || editing === null
            ? { deliveryModel: 'kit', items: [{ consumableName: '', unit: '', quantityPerKit: 1 }] }
            : {
                name: editing.name,
                deliveryModel: editing.deliveryModel,
                items: editing.items.map((i) => ({
                  consumableName: i.consumableName,
                  unit: i.unit,
                  quantityPerKit: i.quantityPerKit,
                  size: i.size ?? undefined,
                  vendor: i.vendor ?? undefined,
                  scopeOfUse: i.scopeOfUse ?? undefined,
                })),
              }
        }
        onSave={save}
        onClose={() => setEditing(null)}
        testId="plan-kit-form"
        name="planKit"
      >
        <Space>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[rules.required(t('name')), rules.max(t('name'), 64)]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="deliveryModel"
            label={t('deliveryModel')}
            rules={[rules.chosen(t('deliveryModel'))]}
          >
            <DictSelect dictNo={DELIVERY_MODEL_DICT} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.List name="items">
          {(items, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {items.map((item, index) => (
                <Space key={item.key} align="baseline" wrap data-testid={`plan-kit-item-${index}`}>
                  {ITEM_FIELDS.map(([field, max]) => (
                    <Form.Item
                      key={field}
                      name={[item.name, field]}
                      rules={
                        REQUIRED.has(field)
                          ? [rules.required(t(field)), rules.max(t(field), max)]
                          : [rules.max(t(field), max)]
                      }
                      style={{ marginBottom: 0 }}
                    >
                      <Input
                        placeholder={t(field)}
                        aria-label={t(field)}
                        maxLength={max}
                        style={{ width: field === 'unit' ? 70 : 130 }}
                      />
                    </Form.Item>
                  ))}
                  <Form.Item
                    name={[item.name, 'quantityPerKit']}
                    rules={[{ required: true, message: t('quantityPerKit') }]}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber
                      min={1}
                      max={9999}
                      precision={0}
                      placeholder={t('quantityPerKit')}
                      aria-label={t('quantityPerKit')}
                    />
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label="remove"
                    onClick={() => items.length > 1 && remove(item.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={items.length >= SAMPLING_PLAN_LIMITS.kitItems}
                onClick={() => add({ quantityPerKit: 1 })}
                data-testid="plan-kit-add-item"
              >
                {t('addItem')}
              </Button>
            </Space>
          )}
        </Form.List>
      </FormModal>
    </Card>
  );
}
