import { type SignShipment, SPECIMEN_PERMISSIONS, type SpecimenBarcodeRow } from '@trialab/api-contract';
import { Button, Card, Descriptions, Form, Input, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { confirmed } from '../../../../components/ConfirmDialog';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { useAction } from '../../../../components/FormModal';
import { ListPage, useListPage, useUrlTab } from '../../../../components/ListPage';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import { ScanInput, useBarcodeColumns } from '../specimen/parts';

/** The address's `?status=` (the specimen barcode's state the to-do names) to the list shown. */
const TABS = { registered: 'pending', all: 'all' } as const;

/** /laboratory/before-analysis/specimen-sign: sign at the bench for samples of a received shipment. */
export default function SpecimenSignPage() {
  const { t } = useTranslation('specimen');
  const { t: s } = useTranslation('specimen', { keyPrefix: 'sign' });
  // The home to-do opens it as ?status=registered: the shipments with samples still to sign for,
  // exactly what its tile counted.
  const [tab, setTab] = useUrlTab<'pending' | 'all'>(TABS, 'pending');
  const shipments = useListPage((c) => c.specimenSign.shipments, {} as { keyword?: string }, {
    toBody: (filter: { keyword?: string }) => ({
      ...filter,
      ...(tab === 'pending' ? { pending: true } : {}),
    }),
  });
  const [chosen, setChosen] = useState<SignShipment | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [run, saving] = useAction();
  const signed = useListPage((c) => c.specimenSign.paging, {} as { keyword?: string }, {
    toBody: (filter) => ({ ...filter, transportId: chosen?.id }),
  });

  const sign = async () => {
    if (!chosen || codes.length === 0) return;
    if (!(await confirmed({ content: s('confirm', { count: codes.length }) }))) return;
    await run(async () => {
      const r = await callEndpoint((c) => c.specimenSign.sign, {
        body: { transportId: chosen.id, barcodes: codes },
      });
      feedback.success(s('done', { count: r.data.count }));
      setCodes([]);
      await Promise.all([shipments.reload(), signed.reload()]);
      // The chosen shipment's counts of signed samples, as they are now.
      const fresh = await callEndpoint((c) => c.specimenSign.shipments, {
        body: { keyword: chosen.orderNo, page: 1, size: 1 },
      });
      setChosen(fresh.data.find((x) => x.id === chosen.id) ?? chosen);
    });
  };

  const lineText = (row: SignShipment) =>
    row.lines.map((l) => (
      <Tag key={l.itemId} color={l.benchSigned >= l.receivedQuantity ? 'success' : 'default'}>
        {l.sampleTypeName} {l.benchSigned}/{l.receivedQuantity}
      </Tag>
    ));
  const shipmentColumns: DataColumn<SignShipment>[] = [
    { dataIndex: 'orderNo', title: s('orderNo'), width: 180 },
    col.text('expressNo', s('expressNo'), 150),
    { ...col.projectNo(), title: t('shared.project'), width: 120 },
    { dataIndex: 'centerNo', title: t('shared.site'), width: 80 },
    col.time('signedAt', s('receivedAt')),
    { dataIndex: 'lines', title: s('lines'), render: (_, row) => lineText(row) },
  ];
  const signedColumns: DataColumn<SpecimenBarcodeRow>[] = [
    ...useBarcodeColumns(),
    col.text('transportOrderNo', s('orderNo'), 170),
    col.text('signedByName', s('signedBy'), 100),
    col.time('signedAt', s('signedAt')),
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ListPage<SignShipment, { keyword?: string }>
        title={s('shipments')}
        header={
          <Segmented<'pending' | 'all'>
            value={tab}
            onChange={setTab}
            data-testid="sign-tab"
            options={[
              { value: 'pending', label: s('pending') },
              { value: 'all', label: s('all') },
            ]}
          />
        }
        list={shipments}
        rowKey="id"
        columns={shipmentColumns}
        filters={
          <Form.Item name="keyword" label={t('shared.keyword')}>
            <Input allowClear maxLength={64} placeholder={`${s('orderNo')} / ${s('expressNo')}`} />
          </Form.Item>
        }
        actions={{
          width: 90,
          items: [
            {
              label: s('choose'),
              testId: (row) => `sign-choose-${row.orderNo}`,
              onClick: (row) => {
                setChosen(row);
                setCodes([]);
              },
            },
          ],
        }}
      />
      <Card title={s('chosen')}>
        {chosen ? (
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={s('orderNo')}>{chosen.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('shared.project')}>{chosen.projectNo}</Descriptions.Item>
            <Descriptions.Item label={s('lines')}>{lineText(chosen)}</Descriptions.Item>
          </Descriptions>
        ) : (
          <p>{s('chooseFirst')}</p>
        )}
        <Permission value={[SPECIMEN_PERMISSIONS.sign]}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <ScanInput codes={codes} onChange={setCodes} testId="sign-scan" disabled={!chosen} />
            <div data-testid="sign-codes">
              {codes.map((code) => (
                <Tag key={code} closable onClose={() => setCodes(codes.filter((c) => c !== code))}>
                  {code}
                </Tag>
              ))}
            </div>
            <Space>
              <Button
                type="primary"
                loading={saving}
                disabled={!chosen || codes.length === 0}
                onClick={sign}
                data-testid="sign-submit"
              >
                {s('submit')}
              </Button>
              <span>{t('shared.scanned', { count: codes.length })}</span>
            </Space>
          </Space>
        </Permission>
      </Card>
      <ListPage<SpecimenBarcodeRow, { keyword?: string }>
        title={s('signedList')}
        list={signed}
        rowKey="id"
        columns={signedColumns}
        filters={
          <Form.Item name="keyword" label={t('shared.keyword')}>
            <Input allowClear maxLength={64} placeholder={t('shared.keywordHint')} />
          </Form.Item>
        }
      />
    </Space>
  );
}
