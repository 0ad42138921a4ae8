import {
  CONSUMABLE_ORDER_STATES,
  type ConsumableOrderState,
  consumableOrderWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { DispatchNoteButton, OrderDetailModal } from '../../../components/OrderDetail';
import { stateText } from '../../../components/StatusTag';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { DispatchModal, type StaffOrderRow } from './DispatchModal';

/**
 * /supply/consum-material-apply: consumable applications of my projects for the supply staff;
 * dispatch approved ones and see the distribution list of a waybill.
 */
export default function SupplyConsumableApplyPage() {
  const { t } = useTranslation();
  const list = useListPage(
    (c) => c.consumable.staffPaging,
    {
      status: ['approved'],
    } as { orderNo?: string; status?: ConsumableOrderState[] },
    { url: { status: 'many' } },
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const [dispatching, setDispatching] = useState<StaffOrderRow | null>(null);
  const [logisticsOf, setLogisticsOf] = useState<number | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const closeDispatch = useCallback(() => setDispatching(null), []);
  const closeLogistics = useCallback(() => setLogisticsOf(null), []);
  const logistics = useDetail(logisticsOf, (c) => c.logisticsOrder.distributionList, closeLogistics);
  const { t: s } = useTranslation('portalAdmin', { keyPrefix: 'dispatch' });

  const columns: DataColumn<StaffOrderRow>[] = [
    {
      dataIndex: 'orderNo',
      title: t('portal.consumable.orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    col.projectNo(),
    col.site(),
    { dataIndex: 'receiver', title: t('portal.consumable.receiver'), width: 100 },
    col.status(consumableOrderWorkflow),
    { dataIndex: 'kitCount', title: t('portal.consumable.kitCount'), width: 80 },
    { dataIndex: 'looseCount', title: t('portal.consumable.looseCount'), width: 100 },
    {
      dataIndex: 'expectedShipDate',
      title: t('portal.consumable.expectedShipDate'),
      width: 130,
      render: dash,
    },
    col.time('auditTime', t('portal.consumable.auditTime')),
    { dataIndex: 'courier', title: t('portal.consumable.courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: t('portal.consumable.expressNo'), width: 150, render: dash },
    { dataIndex: 'applicantName', title: t('portal.consumable.applicant'), width: 100 },
    col.time('applyTime', t('portal.consumable.applyTime')),
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="supply.consum-material-apply"
      columns={columns}
      filters={
        <>
          <Form.Item name="orderNo">
            <Input allowClear maxLength={32} placeholder={t('portal.consumable.orderNo')} />
          </Form.Item>
          <StatesFilter
            label={t('fields.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(v) => stateText(consumableOrderWorkflow, v)}
          />
        </>
      }
      actions={{
        width: 300,
        render: (row) => (
          <WorkflowActions
            workflow={consumableOrderWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('portal.shared.view')}
              </Button>
            }
            actions={{
              dispatch: {
                label: s('dispatch'),
                testId: `dispatch-${row.orderNo}`,
                onClick: () => setDispatching(row),
              },
            }}
            after={
              <>
                {row.expressNo && (
                  <Button type="link" size="small" onClick={() => setLogisticsOf(row.id)}>
                    {s('logistics')}
                  </Button>
                )}
                <DispatchNoteButton order={row} staff />
              </>
            }
          />
        ),
      }}
    >
      <OrderDetailModal id={viewing} onClose={closeView} staff />
      <DispatchModal row={dispatching} onSaved={list.reload} onClose={closeDispatch} />
      <ViewModal
        open={logistics !== null}
        title={`${s('logisticsTitle')} ${logistics?.courier ?? ''} ${logistics?.expressNo ?? ''}`}
        width={1000}
        onCancel={closeLogistics}
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={logistics?.lines ?? []}
          columns={[
            { dataIndex: 'orderNo', title: t('portal.consumable.orderNo'), width: 180 },
            col.site(),
            { dataIndex: 'kitName', title: s('kit'), render: dash },
            { dataIndex: 'consumableName', title: s('consumable') },
            { dataIndex: 'lotNumber', title: s('lotNumber'), render: dash },
            {
              dataIndex: 'outboundQuantity',
              title: s('outboundQuantity'),
              render: dash,
            },
            { dataIndex: 'expiryDate', title: s('expiryDate'), render: dash },
          ]}
        />
      </ViewModal>
    </ListPage>
  );
}
