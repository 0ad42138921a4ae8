import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DataOf,
  type SAMPLE_SHIPMENT_STATES,
  SHIPMENT_PERMISSIONS,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { ListPage, StatesFilter, useListPage, useRowSelection } from '../../../components/ListPage';
import { ShipmentDetailModal } from '../../../components/ShipmentDetail';
import { stateText } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';

type ShipmentRow = DataOf<Contract['sampleTransport']['paging']>[number];

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
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('list');
  // The cancelling tab lists cancelled bookings; the list tab the chosen active states, else all of them.
  const list = useListPage((c) => c.sampleTransport.paging, {} as Filter, {
    toBody: (filter): Filter => ({
      ...filter,
      status: tab === 'cancelling' ? ['cancelled'] : filter.status?.length ? filter.status : ACTIVE,
    }),
  });
  const chosen = useRowSelection();
  const selected = chosen.keys;
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  const [run, downloading] = useAction();

  const download = async () => {
    if (selected.length === 0) {
      feedback.warning(s('selectFirst'));
      return;
    }
    await run(() =>
      downloadEndpoint(
        (c) => c.sampleTransport.receipts,
        { body: { ids: selected.map(Number) } },
        'shipment-receipts.zip',
      ),
    );
  };

  // Not caught: a refused cancel keeps the reason dialog open (WorkflowActions).
  const cancel = async (row: ShipmentRow, reason: string | null) => {
    await callEndpoint((c) => c.sampleTransport.cancel, {
      params: { id: row.id },
      query: { version: row.version, reason: reason ?? '' },
    });
    feedback.success(t('portal.shared.operationOk'));
    await list.reload();
  };

  const columns: DataColumn<ShipmentRow>[] = [
    {
      dataIndex: 'orderNo',
      title: s('orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`shipment-${v}`}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'protocolNo', title: s('protocolNo'), width: 130 },
    { dataIndex: 'projectName', title: t('fields.projectName') },
    col.site(),
    { dataIndex: 'receiver', title: s('receiver'), width: 110 },
    col.status(sampleShipmentWorkflow, 100),
    { dataIndex: 'temperatureName', title: s('temperature'), width: 100 },
    { dataIndex: 'sampleCount', title: s('sampleCount'), width: 90 },
    { dataIndex: 'estimatedShipDate', title: s('estimatedShipDate'), width: 130 },
    col.text('courier', s('courier'), 100),
    col.text('expressNo', s('expressNo'), 150),
    ...(tab === 'cancelling'
      ? ([
          { dataIndex: 'cancelledByName', title: s('canceller'), width: 100 },
          col.time<ShipmentRow>('cancelTime', s('cancelTime')),
          { dataIndex: 'cancelReason', title: s('cancelReason'), width: 200 },
        ] as DataColumn<ShipmentRow>[])
      : ([
          { dataIndex: 'createdByName', title: s('createdBy'), width: 100 },
          col.time<ShipmentRow>('createdAt', s('createdAt')),
        ] as DataColumn<ShipmentRow>[])),
  ];

  return (
    <ListPage
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            chosen.clear();
            setTab(key as Tab);
          }}
          items={[
            { key: 'list', label: s('list') },
            { key: 'cancelling', label: s('cancelling') },
          ]}
        />
      }
      list={list}
      rowKey="id"
      code={`portal.reserve-check.${tab}`}
      columns={columns}
      selection={chosen.selection}
      filters={
        <>
          <Form.Item name="orderNo" label={s('orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="expressNo" label={s('expressNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          {tab === 'list' && (
            <StatesFilter
              label={t('fields.status')}
              states={ACTIVE}
              labelOf={(state) => stateText(sampleShipmentWorkflow, state)}
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
              {s('create')}
            </Button>
          </Permission>
          <Permission value={[SHIPMENT_PERMISSIONS.download]}>
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void download()}
              data-testid="shipment-download"
            >
              {s('download')}
            </Button>
          </Permission>
        </>
      }
      actions={{
        width: 180,
        items: [{ label: t('portal.shared.view'), onClick: (row) => setViewing(row.id) }],
        render: (row) => (
          <WorkflowActions
            workflow={sampleShipmentWorkflow}
            state={row.status}
            actions={{
              edit: {
                label: t('portal.shared.edit'),
                onClick: () => navigate(`/web/create-check?id=${row.id}`),
              },
              cancel: {
                label: s('cancel'),
                testId: `shipment-cancel-${row.orderNo}`,
                danger: true,
                reason: {
                  title: s('cancelTitle'),
                  placeholder: s('cancelReason'),
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
