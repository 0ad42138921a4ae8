import { SAMPLE_SHIPMENT_STATES } from '@trialab/api-contract';
import { Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { type ItemReportRow, portalApi } from '../api';
import { SearchButtons } from '../FormParts';
import { formatTime, StatusTag, usePaged } from '../shared';

type State = (typeof SAMPLE_SHIPMENT_STATES)[number];

/** /web/sample-transport-report: every sample line of my sites' shipment bookings. */
export default function SampleTransportReportPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<{ orderNo?: string; status?: State[] }>({});
  const list = usePaged(portalApi.itemPage, filter);
  const s = (key: string) => t(`web.shipment.${key}`);
  const columns: DataColumn<ItemReportRow>[] = [
    { dataIndex: 'orderNo', title: s('orderNo'), width: 180 },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 100,
      render: (v: string) => <StatusTag group="shipment" status={v} />,
    },
    { dataIndex: 'sampleTypeName', title: s('sampleType'), width: 110 },
    { dataIndex: 'temperatureName', title: s('temperature'), width: 110 },
    { dataIndex: 'quantity', title: s('quantity'), width: 100 },
    { dataIndex: 'unit', title: s('unit'), width: 70 },
    { dataIndex: 'estimatedShipDate', title: s('estimatedShipDate'), width: 130 },
    { dataIndex: 'courier', title: s('courier'), width: 100, render: (v: string | null) => v ?? '-' },
    { dataIndex: 'expressNo', title: s('expressNo'), width: 150, render: (v: string | null) => v ?? '-' },
    { dataIndex: 'createdAt', title: s('createdAt'), width: 170, render: (v: string) => formatTime(v) },
  ];
  return (
    <Card title={t('web.report.items')}>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { orderNo?: string; status?: State[] }) =>
          setFilter({
            ...(v.orderNo ? { orderNo: v.orderNo } : {}),
            ...(v.status?.length ? { status: v.status } : {}),
          })
        }
      >
        <Form.Item name="orderNo" label={s('orderNo')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
        <Form.Item name="status" label={t('web.common.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 160 }}
            options={SAMPLE_SHIPMENT_STATES.map((x) => ({
              value: x,
              label: t(`web.shipment.statuses.${x}`),
            }))}
          />
        </Form.Item>
        <SearchButtons onReset={() => setFilter({})} />
      </Form>
      <DataTable<ItemReportRow>
        rowKey="id"
        code="web.sample-transport-report"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        page={list.page}
        size={list.size}
        total={list.total}
        onPageChange={list.setPage}
        scroll={{ x: 1600 }}
      />
    </Card>
  );
}
