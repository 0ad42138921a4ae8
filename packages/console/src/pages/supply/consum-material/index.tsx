import { type DataOf, SUPPLY_PERMISSIONS } from '@trialab/api-contract';
import { Button, Form, Input, InputNumber, Segmented, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import { usePaged } from '../../../components/usePaged';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

type ConsumableRow = DataOf<Contract['supply']['consumablePage']>[number];
type KitRow = DataOf<Contract['supply']['kitPage']>[number];

interface Values {
  code: string;
  name: string;
  enName: string | null;
  size: string | null;
  vendor: string | null;
  unit: string;
  scopeOfUse: string | null;
  enSize: string | null;
  enVendor: string | null;
  enUnit: string | null;
  enScopeOfUse: string | null;
  leadDays: number;
  safetyDays: number;
  enabled: boolean;
}

/**
 * /supply/consum-material: the consumable catalogue (code, names, size, vendor, unit, scope of use,
 * reorder lead and safety days, on-hand) and the kits of the projects, a plan's kits included, with
 * their bill of materials.
 */
export default function ConsumMaterialPage() {
  const { t } = useTranslation('supply');
  const [view, setView] = useState<'consumables' | 'kits'>('consumables');
  const consumables = usePaged((c) => c.supply.consumablePage, {}, { enabled: view === 'consumables' });
  const kits = usePaged((c) => c.supply.kitPage, {}, { enabled: view === 'kits' });
  const [editing, setEditing] = useState<ConsumableRow | 'new' | null>(null);

  const header = (
    <Segmented
      value={view}
      onChange={(v) => setView(v as 'consumables' | 'kits')}
      options={[
        { value: 'consumables', label: t('tabs.consumables') },
        { value: 'kits', label: t('tabs.kits') },
      ]}
    />
  );
  const columns: DataColumn<ConsumableRow>[] = [
    col.text<ConsumableRow>('code', t('code'), 120),
    col.text<ConsumableRow>('name', t('consumable'), 160),
    col.text<ConsumableRow>('enName', t('enName'), 180),
    col.localText<ConsumableRow>('size', 'enSize', t('size'), 90),
    col.localText<ConsumableRow>('vendor', 'enVendor', t('vendor'), 180),
    col.localText<ConsumableRow>('unit', 'enUnit', t('unit'), 70),
    col.localText<ConsumableRow>('scopeOfUse', 'enScopeOfUse', t('scopeOfUse'), 160),
    { dataIndex: 'onHand', title: t('onHand'), width: 90, align: 'right' },
    { dataIndex: 'leadDays', title: t('leadDays'), width: 100, align: 'right' },
    col.enabled<ConsumableRow>({}),
  ];
  const kitColumns: DataColumn<KitRow>[] = [
    col.projectNo<KitRow>(),
    col.text<KitRow>('name', t('kit'), 180),
    { dataIndex: 'planNo', title: t('planNo'), width: 140, render: dash },
    {
      dataIndex: 'items',
      title: t('items'),
      width: 420,
      render: (_, row) =>
        row.items.map((i) => (
          <Tag
            key={`${i.consumableName}-${i.size}`}
            color={i.consumableId ? 'blue' : 'default'}
            title={[i.consumableName, i.size].filter(Boolean).join(' ')}
          >
            {`${i.consumableCode ?? i.consumableName} ×${i.quantityPerKit}`}
          </Tag>
        )),
    },
    { dataIndex: 'offered', title: t('offered'), width: 90, render: (_, r) => t(r.offered ? 'yes' : 'no') },
  ];
  const actions: RowAction<ConsumableRow>[] = [
    {
      label: t('edit'),
      permission: SUPPLY_PERMISSIONS.catalogueEdit,
      testId: (row) => `consumable-edit-${row.code}`,
      onClick: (row) => setEditing(row),
    },
  ];
  const save = async (v: Values) => {
    const body = { ...v, leadDays: Number(v.leadDays), safetyDays: Number(v.safetyDays) };
    if (editing && editing !== 'new')
      await callEndpoint((c) => c.supply.consumableUpdate, {
        params: { id: editing.id },
        body: { ...body, version: editing.version },
      });
    else await callEndpoint((c) => c.supply.consumableCreate, { body });
    await consumables.reload();
  };

  if (view === 'kits')
    return <ListPage header={header} list={kits} rowKey="id" code="supply.kits" columns={kitColumns} />;
  return (
    <ListPage
      header={header}
      list={consumables}
      rowKey="id"
      code="supply.consumables"
      columns={columns}
      toolbar={
        <Permission value={[SUPPLY_PERMISSIONS.catalogueEdit]}>
          <Button type="primary" data-testid="consumable-add" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </Permission>
      }
      actions={{ items: actions }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={t(editing === 'new' ? 'add' : 'edit')}
        name="consumable"
        testId="consumable-form"
        initialValues={
          editing && editing !== 'new'
            ? { ...editing }
            : ({ leadDays: 14, safetyDays: 7, enabled: true } as Values)
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          name="code"
          label={t('code')}
          rules={[rules.required(t('code')), rules.max(t('code'), 32)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('consumable')}
          rules={[rules.required(t('consumable')), rules.max(t('consumable'), 64)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="enName" label={t('enName')} rules={[rules.max(t('enName'), 64)]}>
          <Input />
        </Form.Item>
        <Form.Item name="size" label={t('size')} rules={[rules.max(t('size'), 32)]}>
          <Input />
        </Form.Item>
        <Form.Item name="enSize" label={t('enSize')} rules={[rules.max(t('enSize'), 32)]}>
          <Input />
        </Form.Item>
        <Form.Item name="vendor" label={t('vendor')} rules={[rules.max(t('vendor'), 64)]}>
          <Input />
        </Form.Item>
        <Form.Item name="enVendor" label={t('enVendor')} rules={[rules.max(t('enVendor'), 128)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="unit"
          label={t('unit')}
          rules={[rules.required(t('unit')), rules.max(t('unit'), 16)]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="enUnit" label={t('enUnit')} rules={[rules.max(t('enUnit'), 16)]}>
          <Input />
        </Form.Item>
        <Form.Item name="scopeOfUse" label={t('scopeOfUse')} rules={[rules.max(t('scopeOfUse'), 255)]}>
          <Input />
        </Form.Item>
        <Form.Item name="enScopeOfUse" label={t('enScopeOfUse')} rules={[rules.max(t('enScopeOfUse'), 255)]}>
          <Input />
        </Form.Item>
        <Form.Item name="leadDays" label={t('leadDays')} rules={[rules.amount(t('leadDays'))]}>
          <InputNumber min={0} max={365} precision={0} />
        </Form.Item>
        <Form.Item name="safetyDays" label={t('safetyDays')} rules={[rules.amount(t('safetyDays'))]}>
          <InputNumber min={0} max={365} precision={0} />
        </Form.Item>
        {editing !== 'new' && (
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </FormModal>
    </ListPage>
  );
}
