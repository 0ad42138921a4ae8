import {
  CONSUMABLE_ORDER_STATES,
  type ConsumableOrderState,
  consumableOrderWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { ViewModal } from '../../../components/ViewModal';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { type LogisticsList, type StaffOrderRow, staffApi } from '../../../services/portalAdmin';
import { OrderDetailModal } from '../../web/OrderDetail';
import { DispatchModal } from './DispatchModal';

/**
 * /supply/consum-material-apply: consumable applications of my projects for the supply staff;
 * dispatch approved ones and see the distribution list of a waybill.
 */
export default function SupplyConsumableApplyPage() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.consumable.staffPaging, {
    status: ['approved'],
  } as { orderNo?: string; status?: ConsumableOrderState[] });
  const [viewing, setViewing] = useState<number | null>(null);
  const [dispatching, setDispatching] = useState<StaffOrderRow | null>(null);
  const [logistics, setLogistics] = useState<LogisticsList | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const closeDispatch = useCallback(
    (saved: boolean) => {
      setDispatching(null);
      if (saved) void list.reload();
    },
    [list],
  );
  const s = (key: string) => t(`webAdmin.supply.${key}`);

  const columns: DataColumn<StaffOrderRow>[] = [
    {
      dataIndex: 'orderNo',
      title: t('web.consumable.orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    { dataIndex: 'receiver', title: t('web.consumable.receiver'), width: 100 },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 110,
      render: (v: string) => <StatusTag group="consumable" status={v} />,
    },
    { dataIndex: 'kitCount', title: t('web.consumable.kitCount'), width: 80 },
    { dataIndex: 'looseCount', title: t('web.consumable.looseCount'), width: 100 },
    {
      dataIndex: 'expectedShipDate',
      title: t('web.consumable.expectedShipDate'),
      width: 130,
      render: dash,
    },
    {
      dataIndex: 'auditTime',
      title: t('web.consumable.auditTime'),
      width: 170,
      render: (v: string | null) => formatTime(v),
    },
    { dataIndex: 'courier', title: t('web.consumable.courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: t('web.consumable.expressNo'), width: 150, render: dash },
    { dataIndex: 'applicantName', title: t('web.consumable.applicant'), width: 100 },
    {
      dataIndex: 'applyTime',
      title: t('web.consumable.applyTime'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
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
            <Input allowClear maxLength={32} placeholder={t('web.consumable.orderNo')} />
          </Form.Item>
          <StatesFilter
            label={t('web.common.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(v) => t(`web.consumable.statuses.${v}`)}
          />
        </>
      }
      actions={{
        width: 190,
        render: (row) => (
          <WorkflowActions
            workflow={consumableOrderWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('web.common.view')}
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
              row.expressNo && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void staffApi
                      .logistics(row.id)
                      .then((r) => setLogistics(r.data))
                      .catch(() => undefined)
                  }
                >
                  {s('logistics')}
                </Button>
              )
            }
          />
        ),
      }}
    >
      <OrderDetailModal id={viewing} onClose={closeView} />
      <DispatchModal row={dispatching} onClose={closeDispatch} />
      <ViewModal
        open={logistics !== null}
        title={`${s('logisticsTitle')} ${logistics?.courier ?? ''} ${logistics?.expressNo ?? ''}`}
        width={1000}
        onCancel={() => setLogistics(null)}
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={logistics?.lines ?? []}
          columns={[
            { dataIndex: 'orderNo', title: t('web.consumable.orderNo'), width: 180 },
            {
              dataIndex: 'siteName',
              title: t('web.common.siteName'),
              render: (v: string, r) => `${r.siteNo} ${v}`,
            },
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
