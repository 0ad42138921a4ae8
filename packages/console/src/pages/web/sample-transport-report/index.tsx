import { SAMPLE_SHIPMENT_STATES } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import type { ItemReportRow } from '../api';

type State = (typeof SAMPLE_SHIPMENT_STATES)[number];

/** /web/sample-transport-report: every sample line of my sites' shipment bookings. */
export default function SampleTransportReportPage() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.sampleTransport.itemPaging, {} as { orderNo?: string; status?: State[] });
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
    { dataIndex: 'courier', title: s('courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: s('expressNo'), width: 150, render: dash },
    { dataIndex: 'createdAt', title: s('createdAt'), width: 170, render: (v: string) => formatTime(v) },
  ];
  return (
    <ListPage
      title={t('web.report.items')}
      list={list}
      rowKey="id"
      code="web.sample-transport-report"
      columns={columns}
      filters={
        <>
          <Form.Item name="orderNo" label={s('orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <StatesFilter
            label={t('web.common.status')}
            states={SAMPLE_SHIPMENT_STATES}
            labelOf={(s) => t(`web.shipment.statuses.${s}`)}
          />
        </>
      }
    />
  );
}
