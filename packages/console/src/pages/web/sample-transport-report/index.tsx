import { type DataOf, SAMPLE_SHIPMENT_STATES, sampleShipmentWorkflow } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { stateText } from '../../../components/StatusTag';
import type { Contract } from '../../../services/contract';

type ItemReportRow = DataOf<Contract['sampleTransport']['itemPaging']>[number];

type State = (typeof SAMPLE_SHIPMENT_STATES)[number];

/** /web/sample-transport-report: every sample line of my sites' shipment bookings. */
export default function SampleTransportReportPage() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.sampleTransport.itemPaging, {} as { orderNo?: string; status?: State[] });
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const columns: DataColumn<ItemReportRow>[] = [
    { dataIndex: 'orderNo', title: s('orderNo'), width: 180 },
    col.projectNo(),
    col.site(),
    col.status(sampleShipmentWorkflow, 100),
    { dataIndex: 'sampleTypeName', title: s('sampleType'), width: 110 },
    { dataIndex: 'temperatureName', title: s('temperature'), width: 110 },
    { dataIndex: 'quantity', title: s('quantity'), width: 100 },
    { dataIndex: 'unit', title: s('unit'), width: 70 },
    { dataIndex: 'estimatedShipDate', title: s('estimatedShipDate'), width: 130 },
    col.text('courier', s('courier'), 100),
    col.text('expressNo', s('expressNo'), 150),
    col.time('createdAt', s('createdAt')),
  ];
  return (
    <ListPage
      title={t('portal.report.items')}
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
            label={t('fields.status')}
            states={SAMPLE_SHIPMENT_STATES}
            labelOf={(state) => stateText(sampleShipmentWorkflow, state)}
          />
        </>
      }
    />
  );
}
