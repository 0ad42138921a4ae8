import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type SAMPLE_SHIPMENT_STATES,
  SHIPMENT_PERMISSIONS,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Tabs } from 'antd';
import { type Key, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { feedback } from '../../../utils/feedback';
import { portalApi, type ShipmentRow } from '../api';
import { ShipmentDetailModal } from '../ShipmentDetail';

type Tab = 'list' | 'cancelling';
type State = (typeof SAMPLE_SHIPMENT_STATES)[number];
const ACTIVE: State[] = ['booked', 'picked_up', 'signed'];

interface Filter {
  orderNo?: string;
  expressNo?: string;
  status?: State[];
}

/** /web/reserve-check: shipment bookings and the separate cancelling list; cancel with a reason, batch receipts. */
export default function ReserveCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('list');
  // The cancelling tab lists cancelled bookings; the list tab the chosen active states, else all of them.
  const list = useListPage((c) => c.sampleTransport.paging, {} as Filter, {
    toBody: (filter): Filter => ({
      ...filter,
      status: tab === 'cancelling' ? ['cancelled'] : filter.status?.length ? filter.status : ACTIVE,
    }),
  });
  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  const download = async () => {
    if (selected.length === 0) {
      feedback.warning(t('web.shipment.selectFirst'));
      return;
    }
    try {
      await portalApi.shipmentReceipts(selected.map(Number), 'shipment-receipts.zip');
    } catch {
      // shown by the request helper
    }
  };

  // Not caught: a refused cancel keeps the reason dialog open (WorkflowActions).
  const cancel = async (row: ShipmentRow, reason: string | null) => {
    await portalApi.shipmentCancel(row.id, row.version, reason ?? '');
    feedback.success(t('web.common.operationOk'));
    await list.reload();
  };

  const columns: DataColumn<ShipmentRow>[] = [
    {
      dataIndex: 'orderNo',
      title: t('web.shipment.orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`shipment-${v}`}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'protocolNo', title: t('web.shipment.protocolNo'), width: 130 },
    { dataIndex: 'projectName', title: t('web.common.projectName') },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    { dataIndex: 'receiver', title: t('web.shipment.receiver'), width: 110 },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 100,
      render: (v: string) => <StatusTag group="shipment" status={v} />,
    },
    { dataIndex: 'temperatureName', title: t('web.shipment.temperature'), width: 100 },
    { dataIndex: 'sampleCount', title: t('web.shipment.sampleCount'), width: 90 },
    { dataIndex: 'estimatedShipDate', title: t('web.shipment.estimatedShipDate'), width: 130 },
    { dataIndex: 'courier', title: t('web.shipment.courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: t('web.shipment.expressNo'), width: 150, render: dash },
    ...(tab === 'cancelling'
      ? ([
          { dataIndex: 'cancelledByName', title: t('web.shipment.canceller'), width: 100 },
          {
            dataIndex: 'cancelTime',
            title: t('web.shipment.cancelTime'),
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
          { dataIndex: 'cancelReason', title: t('web.shipment.cancelReason'), width: 200 },
        ] as DataColumn<ShipmentRow>[])
      : ([
          { dataIndex: 'createdByName', title: t('web.shipment.createdBy'), width: 100 },
          {
            dataIndex: 'createdAt',
            title: t('web.shipment.createdAt'),
            width: 170,
            render: (v: string) => formatTime(v),
          },
        ] as DataColumn<ShipmentRow>[])),
  ];

  return (
    <ListPage
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setSelected([]);
            setTab(key as Tab);
          }}
          items={[
            { key: 'list', label: t('web.shipment.list') },
            { key: 'cancelling', label: t('web.shipment.cancelling') },
          ]}
        />
      }
      list={list}
      rowKey="id"
      code={`web.reserve-check.${tab}`}
      columns={columns}
      selection={{ mode: 'multiple', keys: selected, onChange: setSelected }}
      filters={
        <>
          <Form.Item name="orderNo" label={t('web.shipment.orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="expressNo" label={t('web.shipment.expressNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          {tab === 'list' && (
            <StatesFilter
              label={t('web.common.status')}
              states={ACTIVE}
              labelOf={(s) => t(`web.shipment.statuses.${s}`)}
            />
          )}
        </>
      }
      toolbar={
        <>
          <Permission value={[SHIPMENT_PERMISSIONS.create]}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => navigate('/web/create-check')}
              data-testid="shipment-create"
            >
              {t('web.shipment.create')}
            </Button>
          </Permission>
          <Permission value={[SHIPMENT_PERMISSIONS.download]}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download()}
              data-testid="shipment-download"
            >
              {t('web.shipment.download')}
            </Button>
          </Permission>
        </>
      }
      actions={{
        width: 180,
        render: (row) => (
          <WorkflowActions
            workflow={sampleShipmentWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('web.common.view')}
              </Button>
            }
            actions={{
              edit: {
                label: t('web.common.edit'),
                onClick: () => navigate(`/web/create-check?id=${row.id}`),
              },
              cancel: {
                label: t('web.shipment.cancel'),
                testId: `shipment-cancel-${row.orderNo}`,
                danger: true,
                reason: {
                  title: t('web.shipment.cancelTitle'),
                  placeholder: t('web.shipment.cancelReason'),
                  testId: 'shipment-cancel-reason',
                },
                onClick: (reason) => cancel(row, reason),
              },
            }}
          />
        ),
      }}
    >
      <ShipmentDetailModal id={viewing} onClose={closeDetail} />
    </ListPage>
  );
}
