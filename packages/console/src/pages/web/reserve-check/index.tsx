import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  availableActions,
  PORTAL_LIMITS,
  type SAMPLE_SHIPMENT_STATES,
  SHIPMENT_PERMISSIONS,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Button, Card, Form, Input, Select, Space, Tabs } from 'antd';
import { type Key, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { useAccess } from '../../../access/useAccess';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { feedback } from '../../../utils/feedback';
import { portalApi, type ShipmentRow } from '../api';
import { SearchButtons } from '../FormParts';
import { ReasonModal } from '../ReasonModal';
import { ShipmentDetailModal } from '../ShipmentDetail';
import { formatTime, StatusTag, usePaged } from '../shared';

type Tab = 'list' | 'cancelling';
type State = (typeof SAMPLE_SHIPMENT_STATES)[number];
const ACTIVE: State[] = ['booked', 'picked_up', 'signed'];

/** /web/reserve-check: shipment bookings and the separate cancelling list; cancel with a reason, batch receipts. */
export default function ReserveCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [form] = Form.useForm();
  const [tab, setTab] = useState<Tab>('list');
  const [filter, setFilter] = useState<{ orderNo?: string; expressNo?: string; status?: State[] }>({});
  const status =
    tab === 'cancelling' ? (['cancelled'] as State[]) : filter.status?.length ? filter.status : ACTIVE;
  const list = usePaged(portalApi.shipmentPage, { ...filter, status });
  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<ShipmentRow | null>(null);
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

  const cancel = async (reason: string) => {
    const row = cancelling;
    if (!row) return;
    try {
      await portalApi.shipmentCancel(row.id, row.version, reason);
      setCancelling(null);
      feedback.success(t('web.common.operationOk'));
      await list.reload();
    } catch {
      // shown by the request helper
    }
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
    { dataIndex: 'courier', title: t('web.shipment.courier'), width: 100, render: (v) => v ?? '-' },
    { dataIndex: 'expressNo', title: t('web.shipment.expressNo'), width: 150, render: (v) => v ?? '-' },
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
    {
      dataIndex: 'actions',
      title: t('web.common.actions'),
      width: 180,
      fixed: 'right',
      render: (_, row) => {
        const actions = availableActions(sampleShipmentWorkflow, row.status, {
          can: (p) => can(p),
          isApplicant: false,
        });
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setViewing(row.id)}>
              {t('web.common.view')}
            </Button>
            {actions.includes('edit') && (
              <Button type="link" size="small" onClick={() => navigate(`/web/create-check?id=${row.id}`)}>
                {t('web.common.edit')}
              </Button>
            )}
            {actions.includes('cancel') && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => {
                  setCancelling(row);
                }}
                data-testid={`shipment-cancel-${row.orderNo}`}
              >
                {t('web.shipment.cancel')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
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
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values: { orderNo?: string; expressNo?: string; status?: State[] }) =>
          setFilter({
            ...(values.orderNo ? { orderNo: values.orderNo } : {}),
            ...(values.expressNo ? { expressNo: values.expressNo } : {}),
            ...(values.status?.length ? { status: values.status } : {}),
          })
        }
      >
        <Form.Item name="orderNo" label={t('web.shipment.orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="expressNo" label={t('web.shipment.expressNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        {tab === 'list' && (
          <Form.Item name="status" label={t('web.common.status')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 160 }}
              options={ACTIVE.map((s) => ({ value: s, label: t(`web.shipment.statuses.${s}`) }))}
            />
          </Form.Item>
        )}
        <SearchButtons onReset={() => setFilter({})}>
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
        </SearchButtons>
      </Form>
      <DataTable<ShipmentRow>
        rowKey="id"
        code={`web.reserve-check.${tab}`}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        page={list.page}
        size={list.size}
        total={list.total}
        onPageChange={list.setPage}
        selection={{ mode: 'multiple', keys: selected, onChange: setSelected }}
        scroll={{ x: 2000 }}
      />
      <ShipmentDetailModal id={viewing} onClose={closeDetail} />
      <ReasonModal
        open={cancelling !== null}
        title={t('web.shipment.cancelTitle')}
        placeholder={t('web.shipment.cancelReason')}
        max={PORTAL_LIMITS.cancelReason}
        required
        testId="shipment-cancel-reason"
        onCancel={() => setCancelling(null)}
        onOk={(reason) => void cancel(reason)}
      />
    </Card>
  );
}
