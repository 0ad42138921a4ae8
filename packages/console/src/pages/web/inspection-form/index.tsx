import type { DataOf } from '@trialab/api-contract';
import { Descriptions, Form, Input, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import { t as textOf } from '../../../locales';
import type { Contract } from '../../../services/contract';

type InspectionRow = DataOf<Contract['portalReport']['inspections']>[number];

const STATE_COLORS: Record<string, string> = { received: 'success', exception: 'error', awaiting: 'default' };

function InspectionModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: i } = useTranslation('portalReports', { keyPrefix: 'inspection' });
  const detail = useDetail(id, (c) => c.portalReport.inspection, onClose);
  return (
    <ViewModal open={id !== null} width={860} title={i('detail')} onCancel={onClose}>
      {detail && (
        <div data-testid="inspection-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={i('orderNo')}>{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label={i('expressNo')}>{dash(detail.expressNo)}</Descriptions.Item>
            <Descriptions.Item label={i('courier')}>{dash(detail.courier)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.projectNo')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item
              label={t('fields.site')}
            >{`${detail.centerNo} ${detail.siteName}`}</Descriptions.Item>
            <Descriptions.Item label={i('temperature')}>{detail.temperatureName}</Descriptions.Item>
            <Descriptions.Item label={i('signer')}>{dash(detail.signerName)}</Descriptions.Item>
            <Descriptions.Item label={i('signedAt')}>{formatTime(detail.signedAt)}</Descriptions.Item>
            <Descriptions.Item label={i('remark')}>{dash(detail.receiptRemark)}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{i('samples')}</h4>
          <Table
            size="small"
            rowKey="itemId"
            pagination={false}
            dataSource={detail.samples}
            columns={[
              { dataIndex: 'sampleTypeName', title: i('sampleType') },
              {
                dataIndex: 'quantity',
                title: i('quantity'),
                render: (v: number, s) => `${v} ${s.unit}`,
              },
              {
                dataIndex: 'receivedQuantity',
                title: i('receivedQuantity'),
                render: dash,
              },
              {
                dataIndex: 'state',
                title: i('quality'),
                render: (v: string) => (
                  <Tag color={STATE_COLORS[v] ?? 'default'}>
                    {textOf(`portalReports.inspection.states.${v}`)}
                  </Tag>
                ),
              },
              {
                dataIndex: 'exceptionReason',
                title: i('exceptionReason'),
                render: dash,
              },
              { dataIndex: 'remark', title: t('portalReports.rejection.remark'), render: dash },
            ]}
          />
        </div>
      )}
    </ViewModal>
  );
}

/** /web/inspection-form: the receipt (inspection) records of my sites' signed-off shipments. */
export default function InspectionFormPage() {
  const { t } = useTranslation();
  const { t: i } = useTranslation('portalReports', { keyPrefix: 'inspection' });
  const list = useListPage((c) => c.portalReport.inspections, {} as { keyword?: string });
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);
  const columns: DataColumn<InspectionRow>[] = [
    { dataIndex: 'orderNo', title: i('orderNo'), width: 170 },
    { dataIndex: 'expressNo', title: i('expressNo'), width: 150, render: dash },
    { dataIndex: 'courier', title: i('courier'), width: 100, render: dash },
    col.projectNo(),
    {
      dataIndex: 'siteName',
      title: t('fields.site'),
      width: 170,
      render: (v: string, row) => `${row.centerNo} ${v}`,
    },
    { dataIndex: 'temperatureName', title: i('temperature'), width: 100 },
    { dataIndex: 'signerName', title: i('signer'), width: 100, render: dash },
    col.time('signedAt', i('signedAt')),
  ];
  return (
    <ListPage<InspectionRow, { keyword?: string }>
      list={list}
      rowKey="id"
      code="web.inspection-form"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={i('keyword')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      }
      actions={{
        width: 90,
        items: [
          {
            label: t('portalReports.shared.view'),
            testId: (row) => `inspection-view-${row.orderNo}`,
            onClick: (row) => setViewing(row.id),
          },
        ],
      }}
    >
      <InspectionModal id={viewing} onClose={close} />
    </ListPage>
  );
}
