import { Button, Descriptions, Form, Input, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, useListPage } from '../../../components/ListPage';
import { ViewModal } from '../../../components/ViewModal';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { InspectionRow } from '../reports-api';

const STATE_COLORS: Record<string, string> = { received: 'success', exception: 'error', awaiting: 'default' };

function InspectionModal({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useDetail(id, (c) => c.portalReport.inspection, onClose);
  return (
    <ViewModal open={id !== null} width={860} title={t('webReports.inspection.detail')} onCancel={onClose}>
      {detail && (
        <div data-testid="inspection-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('webReports.inspection.orderNo')}>{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.expressNo')}>
              {dash(detail.expressNo)}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.courier')}>
              {dash(detail.courier)}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.common.projectNo')}>{detail.projectNo}</Descriptions.Item>
            <Descriptions.Item
              label={t('webReports.common.site')}
            >{`${detail.centerNo} ${detail.siteName}`}</Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.temperature')}>
              {detail.temperatureName}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.signer')}>
              {dash(detail.signerName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.signedAt')}>
              {formatTime(detail.signedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('webReports.inspection.remark')}>
              {dash(detail.receiptRemark)}
            </Descriptions.Item>
          </Descriptions>
          <h4 style={{ marginTop: 16 }}>{t('webReports.inspection.samples')}</h4>
          <Table
            size="small"
            rowKey="itemId"
            pagination={false}
            dataSource={detail.samples}
            columns={[
              { dataIndex: 'sampleTypeName', title: t('webReports.inspection.sampleType') },
              {
                dataIndex: 'quantity',
                title: t('webReports.inspection.quantity'),
                render: (v: number, s) => `${v} ${s.unit}`,
              },
              {
                dataIndex: 'receivedQuantity',
                title: t('webReports.inspection.receivedQuantity'),
                render: dash,
              },
              {
                dataIndex: 'state',
                title: t('webReports.inspection.quality'),
                render: (v: string) => (
                  <Tag color={STATE_COLORS[v] ?? 'default'}>{t(`webReports.inspection.states.${v}`)}</Tag>
                ),
              },
              {
                dataIndex: 'exceptionReason',
                title: t('webReports.inspection.exceptionReason'),
                render: dash,
              },
              { dataIndex: 'remark', title: t('webReports.rejection.remark'), render: dash },
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
  const list = useListPage((c) => c.portalReport.inspections, {} as { keyword?: string });
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);
  const columns: DataColumn<InspectionRow>[] = [
    { dataIndex: 'orderNo', title: t('webReports.inspection.orderNo'), width: 170 },
    { dataIndex: 'expressNo', title: t('webReports.inspection.expressNo'), width: 150, render: dash },
    { dataIndex: 'courier', title: t('webReports.inspection.courier'), width: 100, render: dash },
    { dataIndex: 'projectNo', title: t('webReports.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('webReports.common.site'),
      width: 170,
      render: (v: string, row) => `${row.centerNo} ${v}`,
    },
    { dataIndex: 'temperatureName', title: t('webReports.inspection.temperature'), width: 100 },
    { dataIndex: 'signerName', title: t('webReports.inspection.signer'), width: 100, render: dash },
    { dataIndex: 'signedAt', title: t('webReports.inspection.signedAt'), width: 170, render: formatTime },
  ];
  return (
    <ListPage<InspectionRow, { keyword?: string }>
      list={list}
      rowKey="id"
      code="web.inspection-form"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={t('webReports.inspection.keyword')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      }
      actions={{
        width: 90,
        render: (row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(row.id)}
            data-testid={`inspection-view-${row.orderNo}`}
          >
            {t('webReports.common.view')}
          </Button>
        ),
      }}
    >
      <InspectionModal id={viewing} onClose={close} />
    </ListPage>
  );
}
