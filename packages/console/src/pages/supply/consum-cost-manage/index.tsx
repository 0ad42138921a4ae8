import {
  type DataOf,
  STOCKTAKE_STATES,
  type StocktakeState,
  SUPPLY_PERMISSIONS,
  stocktakeWorkflow,
} from '@trialab/api-contract';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExpiryTag } from '../../../components/Expiry';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage, useUrlTab } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import { usePaged, useWholeList } from '../../../components/usePaged';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { CountModal, MoveModal, type StockRow } from './LedgerDialogs';

type TakeRow = DataOf<Contract['supply']['stocktakePage']>[number];
type MoveRow = DataOf<Contract['supply']['movementPage']>[number];
type ReorderRow = DataOf<Contract['supply']['reorder']>[number];
type Tab = 'stock' | 'movements' | 'reorder' | StocktakeState;

const TABS: Record<string, Tab> = {
  stock: 'stock',
  movements: 'movements',
  reorder: 'reorder',
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};

interface StockInValues {
  consumableId: number;
  storeId: number;
  lotNo: string;
  expiryDate: Dayjs;
  quantity: number;
  unitCost: string;
  supplierId?: number;
}

/**
 * /supply/consum-cost-manage: the stock ledger. On-hand per lot and store (the ledger summed,
 * earliest expiry first), the movements, the reorder suggestions (below the point first; `?below=1` only those, as the
 * home to-do opens it), stocktakes by state (the home to-do opens ?status=pending),
 * stock-in of a lot, and per lot in a store its issue, transfer, adjustment, write-off and count.
 */
export default function ConsumCostManagePage() {
  const { t } = useTranslation('supply');
  const [tab, setTab] = useUrlTab<Tab>(TABS, 'stock');
  // The on-hand list is searched by lot (the lot no. printed on the box).
  const stock = useListPage((c) => c.supply.stockPage, {} as { lotNo?: string }, {
    when: () => tab === 'stock',
  });
  const moves = usePaged((c) => c.supply.movementPage, {}, { enabled: tab === 'movements' });
  // `?below=1` (the home to-do): only the consumables at or below their reorder point.
  const [params, setParams] = useSearchParams();
  const belowOnly = params.get('below') === '1';
  const reorder = useWholeList(
    (c) => c.supply.reorder,
    { body: { belowOnly } },
    { enabled: tab === 'reorder' },
  );
  const takes = usePaged(
    (c) => c.supply.stocktakePage,
    { status: [tab as StocktakeState] },
    { enabled: (STOCKTAKE_STATES as readonly string[]).includes(tab) },
  );
  const storeList = useEndpointQuery((c) => c.supply.stores, {});
  const stores = storeList.data?.data ?? [];
  const catalogue =
    useEndpointQuery((c) => c.supply.consumablePage, { body: { page: 1, size: 100, enabled: true } }).data
      ?.data ?? [];
  const [stockingIn, setStockingIn] = useState(false);
  // The stock-in's supplier picker: every supplier, a blocked one said so (the server refuses it).
  const suppliers = useEndpointQuery((c) => c.supplier.options, {}, { enabled: stockingIn }).data?.data ?? [];
  const { t: ts } = useTranslation('supplySuppliers');
  const [moving, setMoving] = useState<StockRow | null>(null);
  const [counting, setCounting] = useState<StockRow | null>(null);
  const userId = useSession((s) => s.user?.id);

  const review = async (row: TakeRow, pass: boolean, reason?: string) => {
    await callEndpoint((c) => c.supply.stocktakeReview, {
      params: { id: row.id },
      body: { version: row.version, pass, reason: reason ?? null },
    });
    feedback.success(t('done'));
    await takes.reload();
  };

  const stockColumns: ListColumn<StockRow>[] = [
    col.text<StockRow>('consumableCode', t('code'), 120),
    col.text<StockRow>('consumableName', t('consumable'), 160),
    { ...col.text<StockRow>('lotNo', t('lotNo'), 120), filter: true },
    col.text<StockRow>('storeName', t('store'), 140),
    // Each stock-in's own supplier: the same lot no. from two suppliers is two lots (docs/supply.md).
    col.text<StockRow>('supplierName', ts('supplier'), 160),
    { dataIndex: 'expiryDate', title: t('expiryDate'), width: 110 },
    {
      dataIndex: 'daysLeft',
      title: t('daysLeft'),
      width: 140,
      // In words ("Expired 10 days ago", "18 days left"), as the supplier page says a document's.
      render: (_, r) => (
        <ExpiryTag
          daysLeft={r.daysLeft}
          expiryDate={r.expiryDate}
          beyond="days"
          testId={`days-left-${r.lotNo}`}
        />
      ),
    },
    { dataIndex: 'onHand', title: t('onHand'), width: 90, align: 'right' },
    col.text<StockRow>('unit', t('unit'), 70),
    { dataIndex: 'unitCost', title: t('unitCost'), width: 110, align: 'right' },
    { dataIndex: 'value', title: t('value'), width: 120, align: 'right' },
  ];
  const stockActions: RowAction<StockRow>[] = [
    {
      label: t('move'),
      permission: SUPPLY_PERMISSIONS.stockOut,
      testId: (row) => `stock-move-${row.lotNo}-${row.storeId}`,
      onClick: (row) => setMoving(row),
    },
    {
      label: t('count'),
      permission: SUPPLY_PERMISSIONS.stockOut,
      testId: (row) => `stock-count-${row.lotNo}-${row.storeId}`,
      onClick: (row) => setCounting(row),
    },
  ];
  const moveColumns: DataColumn<MoveRow>[] = [
    col.time<MoveRow>('createdAt', t('time')),
    { dataIndex: 'kind', title: t('kind'), width: 100, render: (_, r) => t(`kinds.${r.kind}`) },
    col.text<MoveRow>('consumableName', t('consumable'), 160),
    col.text<MoveRow>('lotNo', t('lotNo'), 120),
    col.text<MoveRow>('storeName', t('store'), 140),
    { dataIndex: 'quantity', title: t('quantity'), width: 90, align: 'right' },
    { dataIndex: 'orderNo', title: t('orderNo'), width: 160, render: dash },
    { dataIndex: 'reason', title: t('reason'), width: 200, render: dash },
    col.text<MoveRow>('createdByName', t('by'), 100),
  ];
  const reorderColumns: DataColumn<ReorderRow>[] = [
    col.text<ReorderRow>('code', t('code'), 120),
    col.text<ReorderRow>('name', t('consumable'), 160),
    {
      dataIndex: 'below',
      title: t('reorderState'),
      width: 150,
      // In words, not colour alone.
      render: (_, r) => (
        <Tag color={r.below ? 'error' : 'default'} data-testid={`reorder-${r.code}`}>
          {t(r.below ? 'belowPoint' : 'abovePoint')}
        </Tag>
      ),
    },
    { dataIndex: 'onHand', title: t('onHand'), width: 90, align: 'right' },
    col.text<ReorderRow>('unit', t('unit'), 70),
    { dataIndex: 'dailyUse', title: t('dailyUse'), width: 110, align: 'right' },
    { dataIndex: 'leadDays', title: t('leadDays'), width: 100, align: 'right' },
    { dataIndex: 'safetyDays', title: t('safetyDays'), width: 110, align: 'right' },
    { dataIndex: 'reorderPoint', title: t('reorderPoint'), width: 130, align: 'right' },
    { dataIndex: 'suggested', title: t('suggested'), width: 140, align: 'right' },
  ];
  const takeColumns: DataColumn<TakeRow>[] = [
    col.text<TakeRow>('stocktakeNo', t('stocktakeNo'), 160),
    col.text<TakeRow>('consumableName', t('consumable'), 160),
    col.text<TakeRow>('lotNo', t('lotNo'), 120),
    col.text<TakeRow>('storeName', t('store'), 140),
    { dataIndex: 'expected', title: t('expected'), width: 90, align: 'right' },
    { dataIndex: 'counted', title: t('counted'), width: 90, align: 'right' },
    { dataIndex: 'variance', title: t('variance'), width: 90, align: 'right' },
    { dataIndex: 'reason', title: t('reason'), width: 180, render: dash },
    col.text<TakeRow>('createdByName', t('by'), 100),
    col.status<TakeRow>(stocktakeWorkflow),
    { dataIndex: 'reviewReason', title: t('reviewReason'), width: 180, render: dash },
  ];

  const header = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as Tab)}
      items={(['stock', 'movements', 'reorder', ...STOCKTAKE_STATES] as Tab[]).map((key) => ({
        key,
        label: t(`tabs.${key}`),
      }))}
    />
  );
  const toolbar = (
    <Permission value={[SUPPLY_PERMISSIONS.stockIn]}>
      <Button type="primary" data-testid="stock-in" onClick={() => setStockingIn(true)}>
        {t('stockIn')}
      </Button>
    </Permission>
  );
  const dialog = (
    <FormModal<StockInValues>
      // Opened once the store list is there: its first store is the default the form starts with.
      open={stockingIn && !storeList.isPending}
      title={t('stockIn')}
      name="stockIn"
      testId="stock-in-form"
      initialValues={{ storeId: stores[0]?.id } as Partial<StockInValues> as StockInValues}
      onSave={(v) =>
        callEndpoint((c) => c.supply.stockIn, {
          body: { ...v, expiryDate: v.expiryDate.format('YYYY-MM-DD') },
        }).then(() => stock.reload())
      }
      onClose={() => setStockingIn(false)}
    >
      <Form.Item name="consumableId" label={t('consumable')} rules={[rules.chosen(t('consumable'))]}>
        <Select
          showSearch
          optionFilterProp="label"
          options={catalogue.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
        />
      </Form.Item>
      <Form.Item name="supplierId" label={ts('supplier')} rules={[rules.chosen(ts('supplier'))]}>
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="stock-in-supplier"
          options={suppliers.map((s) => ({
            value: s.id,
            label: `${s.code} ${s.name}${s.status === 'blocked' ? ` (${ts('statuses.blocked')})` : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="storeId" label={t('store')} rules={[rules.chosen(t('store'))]}>
        <Select options={stores.map((s) => ({ value: s.id, label: s.name }))} />
      </Form.Item>
      <Form.Item
        name="lotNo"
        label={t('lotNo')}
        rules={[rules.required(t('lotNo')), rules.max(t('lotNo'), 32)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="expiryDate" label={t('expiryDate')} rules={[rules.chosen(t('expiryDate'))]}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="quantity" label={t('quantity')} rules={[rules.amount(t('quantity'))]}>
        <InputNumber min={1} max={999999} precision={0} />
      </Form.Item>
      <Form.Item name="unitCost" label={t('unitCost')} rules={[rules.required(t('unitCost'))]}>
        <Input inputMode="decimal" />
      </Form.Item>
    </FormModal>
  );

  if (tab === 'stock')
    return (
      <ListPage
        header={header}
        list={stock}
        rowKey={(r: StockRow) => `${r.lotId}-${r.storeId}`}
        code="supply.stock"
        columns={stockColumns}
        toolbar={toolbar}
        actions={{ items: stockActions }}
      >
        {dialog}
        <MoveModal row={moving} stores={stores} onSaved={stock.reload} onClose={() => setMoving(null)} />
        <CountModal row={counting} onSaved={stock.reload} onClose={() => setCounting(null)} />
      </ListPage>
    );
  if (tab === 'reorder')
    return (
      <ListPage
        header={
          <>
            {header}
            <Space>
              <Switch
                checked={belowOnly}
                data-testid="reorder-below-only"
                aria-label={t('belowOnly')}
                onChange={(on) =>
                  setParams((p) => {
                    if (on) p.set('below', '1');
                    else p.delete('below');
                    return p;
                  })
                }
              />
              {t('belowOnly')}
            </Space>
          </>
        }
        list={reorder}
        rowKey="consumableId"
        code="supply.reorder"
        columns={reorderColumns}
      />
    );
  if (tab === 'movements')
    return (
      <ListPage header={header} list={moves} rowKey="id" code="supply.movements" columns={moveColumns} />
    );
  return (
    <ListPage
      header={header}
      list={takes}
      rowKey="id"
      code={`supply.stocktake.${tab}`}
      columns={takeColumns}
      actions={{
        width: 160,
        render: (row) => (
          <WorkflowActions
            workflow={stocktakeWorkflow}
            state={row.status}
            isApplicant={row.createdBy === userId}
            actions={{
              approve: {
                label: t('approve'),
                testId: `stocktake-approve-${row.stocktakeNo}`,
                confirm: t('approveText'),
                onClick: () => review(row, true),
              },
              reject: {
                label: t('reject'),
                testId: `stocktake-reject-${row.stocktakeNo}`,
                danger: true,
                reason: { title: t('reject'), placeholder: t('reviewReason'), testId: 'stocktake-reason' },
                onClick: (reason) => review(row, false, reason ?? undefined),
              },
            }}
          />
        ),
      }}
    />
  );
}
