import { ScanOutlined } from '@ant-design/icons';
import type { ReceiptDetail, ReceiptShipment } from '@trialab/api-contract';
import { Card, Col, Empty, Input, Row, Segmented, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { dash, formatTimeAs } from '../../../components/format';
import { useCameraPage } from '../../../devices/hooks';
import { labApi } from '../../../services/lab';
import { ReceiptPanel } from './ReceiptPanel';

type Status = 'picked_up' | 'signed';

/** /express/sign: sample receipt. Find the shipment (scan the waybill), capture printouts, sign off. */
export default function ExpressSignPage() {
  useCameraPage();
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('picked_up');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 10 });
  const [rows, setRows] = useState<ReceiptShipment[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<ReceiptDetail | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);

  const loadList = useCallback(async () => {
    setLoading(true);
    try {
      const response = await labApi.receiptPaging({ ...page, status, ...(keyword ? { keyword } : {}) });
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // Shown by the request helper.
    } finally {
      setLoading(false);
    }
  }, [page, status, keyword]);

  useEffect(() => {
    void loadList();
  }, [loadList]);

  const open = async (load: () => Promise<{ data: ReceiptDetail }>) => {
    setDetailLoading(true);
    try {
      setDetail((await load()).data);
    } catch {
      // Not found or out of scope: the request helper said so.
    } finally {
      setDetailLoading(false);
    }
  };

  const reload = () => {
    if (detail) void open(() => labApi.receiptGet(detail.id));
    void loadList();
  };

  const columns: DataColumn<ReceiptShipment>[] = [
    { dataIndex: 'expressNo', title: t('lab.receipt.expressNo'), render: dash },
    { dataIndex: 'orderNo', title: t('lab.receipt.orderNo') },
    { dataIndex: 'projectNo', title: t('lab.receipt.project') },
    { dataIndex: 'siteName', title: t('lab.receipt.site') },
    { dataIndex: 'temperatureName', title: t('lab.receipt.temperature'), width: 100 },
    {
      dataIndex: 'dispatchTime',
      title: t('lab.receipt.dispatchTime'),
      render: (v: string | null) => formatTimeAs(v, 'short'),
    },
    {
      dataIndex: 'status',
      title: t('lab.receipt.status'),
      width: 100,
      render: (v: Status) => (
        <Tag color={v === 'signed' ? 'success' : 'processing'}>{t(`lab.receipt.shipmentStates.${v}`)}</Tag>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={9}>
        <Card>
          <Input.Search
            data-testid="receipt-lookup"
            prefix={<ScanOutlined />}
            placeholder={t('lab.receipt.lookupHint')}
            enterButton={t('lab.receipt.lookup')}
            maxLength={64}
            allowClear
            onSearch={(value) => {
              const trimmed = value.trim();
              if (trimmed) void open(() => labApi.receiptLookup(trimmed));
            }}
            style={{ marginBottom: 12 }}
          />
          <Segmented<Status>
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={[
              { value: 'picked_up', label: t('lab.receipt.shipmentStates.picked_up') },
              { value: 'signed', label: t('lab.receipt.shipmentStates.signed') },
            ]}
            style={{ marginBottom: 12 }}
          />
          <Input
            allowClear
            placeholder={t('lab.receipt.filterHint')}
            value={keyword}
            maxLength={64}
            onChange={(e) => {
              setKeyword(e.target.value.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ marginBottom: 12 }}
          />
          <DataTable<ReceiptShipment>
            rowKey="id"
            code="express.sign"
            columns={columns}
            dataSource={rows}
            loading={loading}
            page={page.page}
            size={page.size}
            total={total}
            onPageChange={(next, size) => setPage({ page: next, size })}
            onRow={(row) => ({
              onClick: () => void open(() => labApi.receiptGet(row.id)),
              style: { cursor: 'pointer' },
            })}
            rowClassName={(row) => (row.id === detail?.id ? 'ant-table-row-selected' : '')}
          />
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card>
          <Spin spinning={detailLoading}>
            {detail ? (
              <ReceiptPanel key={detail.id} detail={detail} onChanged={reload} />
            ) : (
              <Empty description={t('lab.receipt.pick')} />
            )}
          </Spin>
        </Card>
      </Col>
    </Row>
  );
}
