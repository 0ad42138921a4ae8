import { ScanOutlined } from '@ant-design/icons';
import type { ReceiptShipment } from '@trialab/api-contract';
import { Card, Col, Empty, Input, Row, Segmented, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { useAction } from '../../../components/FormModal';
import { dash, formatTimeAs } from '../../../components/format';
import { useUrlTab } from '../../../components/ListPage';
import { pagedTable, usePaged } from '../../../components/usePaged';
import { useCameraPage } from '../../../devices/hooks';
import { callEndpoint } from '../../../services/endpoint';
import { endpointKey, useConsoleQueryClient, useEndpointQuery } from '../../../services/query';
import { ReceiptPanel } from './ReceiptPanel';

type Status = 'picked_up' | 'signed';

/** /express/sign: sample receipt. Find the shipment (scan the waybill), capture printouts, sign off. */
const STATES = { picked_up: 'picked_up', signed: 'signed' } as const;

export default function ExpressSignPage() {
  useCameraPage();
  const { t: r } = useTranslation('lab', { keyPrefix: 'receipt' });
  const client = useConsoleQueryClient();
  // The home to-do opens it as ?status=picked_up.
  const [status, setStatus] = useUrlTab<Status>(STATES, 'picked_up');
  const [keyword, setKeyword] = useState('');
  const list = usePaged((c) => c.receipt.paging, { status, ...(keyword ? { keyword } : {}) });
  const [selected, setSelected] = useState<number | null>(null);
  const detailQuery = useEndpointQuery(
    (c) => c.receipt.get,
    { params: { id: selected ?? 0 } },
    // Another shipment's record stays on screen (under the spinner) until the chosen one arrives.
    { enabled: selected !== null, placeholderData: (previous) => previous },
  );
  const detail = selected === null ? null : (detailQuery.data?.data ?? null);
  const [run, looking] = useAction();
  // The sample lines' box: below the list and the record, the page's whole width.
  const [linesBox, setLinesBox] = useState<HTMLDivElement | null>(null);

  const lookup = (value: string) =>
    run(async () => {
      const answer = await callEndpoint((c) => c.receipt.lookup, { query: { keyword: value } });
      // The lookup answers the record itself: no second request for it.
      client.setQueryData(
        endpointKey((c) => c.receipt.get, { params: { id: answer.data.id } }),
        answer,
      );
      setSelected(answer.data.id);
    });

  const reload = () => {
    if (selected !== null) void detailQuery.refetch();
    void list.reload();
  };

  const columns: DataColumn<ReceiptShipment>[] = [
    { dataIndex: 'expressNo', title: r('expressNo'), render: dash },
    { dataIndex: 'orderNo', title: r('orderNo') },
    { dataIndex: 'projectNo', title: r('project') },
    { dataIndex: 'siteName', title: r('site') },
    { dataIndex: 'temperatureName', title: r('temperature'), width: 100 },
    {
      dataIndex: 'dispatchTime',
      title: r('dispatchTime'),
      render: (v: string | null) => formatTimeAs(v, 'short'),
    },
    {
      dataIndex: 'status',
      title: r('status'),
      width: 100,
      render: (v: Status) => (
        <Tag color={v === 'signed' ? 'success' : 'processing'}>{r(`shipmentStates.${v}`)}</Tag>
      ),
    },
  ];

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} xl={9}>
          <Card>
            <Input.Search
              data-testid="receipt-lookup"
              prefix={<ScanOutlined />}
              placeholder={r('lookupHint')}
              enterButton={r('lookup')}
              maxLength={64}
              allowClear
              onSearch={(value) => {
                const trimmed = value.trim();
                if (trimmed) void lookup(trimmed);
              }}
              style={{ marginBottom: 12 }}
            />
            <Segmented<Status>
              value={status}
              onChange={setStatus}
              options={[
                { value: 'picked_up', label: r('shipmentStates.picked_up') },
                { value: 'signed', label: r('shipmentStates.signed') },
              ]}
              style={{ marginBottom: 12 }}
            />
            <Input
              allowClear
              placeholder={r('filterHint')}
              value={keyword}
              maxLength={64}
              onChange={(e) => setKeyword(e.target.value.trim())}
              style={{ marginBottom: 12 }}
            />
            <DataTable<ReceiptShipment>
              rowKey="id"
              code="express.sign"
              columns={columns}
              {...pagedTable(list)}
              onRow={(row) => ({
                onClick: () => setSelected(row.id),
                style: { cursor: 'pointer' },
              })}
              rowClassName={(row) => (row.id === detail?.id ? 'ant-table-row-selected' : '')}
            />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card>
            <Spin spinning={looking || detailQuery.isFetching}>
              {detail ? (
                <ReceiptPanel key={detail.id} detail={detail} onChanged={reload} linesIn={linesBox} />
              ) : (
                <Empty description={r('pick')} />
              )}
            </Spin>
          </Card>
        </Col>
      </Row>
      <div ref={setLinesBox} data-testid="receipt-lines" />
    </>
  );
}
