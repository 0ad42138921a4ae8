import {
  type BarcodeRangeRow,
  type BarcodeRow,
  SUPPLY_BARCODE_PERMISSIONS,
  VOID_REASON_DICT,
  VOID_REASON_OTHER,
} from '@trialab/api-contract';
import { Button, Form, Input, Space } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { StatusTag } from '../../../components/StatusTag';
import { pagedTable, usePaged } from '../../../components/usePaged';
import { ViewModal } from '../../../components/ViewModal';
import { callEndpoint } from '../../../services/endpoint';

interface VoidValues {
  reasonCode: string;
  reason?: string;
}

/** The codes of one range, with shipping and voiding of the ticked ones (and, from the page, printing). */
export function CodesModal({
  range,
  onClose,
  onChanged,
  extra,
}: {
  range: BarcodeRangeRow | null;
  onClose(): void;
  onChanged(): Promise<unknown>;
  /** More buttons for the ticked codes (the page's print). */
  extra?: (codes: string[], refresh: () => Promise<unknown>) => ReactNode;
}) {
  const { t } = useTranslation('supplyBarcodes');
  const list = usePaged(
    (c) => c.supplyBarcodes.page,
    { rangeId: range?.id ?? 0 },
    { enabled: range !== null },
  );
  const [selected, setSelected] = useState<Key[]>([]);
  const [voiding, setVoiding] = useState(false);
  const [run] = useAction();
  const codes = selected.map(String);
  const refresh = async () => {
    setSelected([]);
    await Promise.all([list.reload(), onChanged()]);
  };

  const ship = () =>
    run(
      () => callEndpoint((c) => c.supplyBarcodes.ship, { body: { codes } }).then(refresh),
      t('shipped', { count: codes.length }),
    );
  const voidCodes = async ({ reasonCode, reason }: VoidValues) => {
    await callEndpoint((c) => c.supplyBarcodes.void, {
      body: { codes, reasonCode, reason: reason || reasonCode },
    });
    await refresh();
  };

  const columns: DataColumn<BarcodeRow>[] = [
    { ...col.text<BarcodeRow>('code', t('code'), 150), render: (v: string) => <code>{v}</code> },
    {
      dataIndex: 'state',
      title: t('state'),
      width: 110,
      render: (v: string) => <StatusTag status={v} group="codeState" ns="supplyBarcodes" />,
    },
    col.time<BarcodeRow>('printedAt', t('printedAt')),
    col.time<BarcodeRow>('shippedAt', t('shippedAt')),
    col.time<BarcodeRow>('usedAt', t('usedAt')),
    { dataIndex: 'usedOrderNo', title: t('usedOrderNo'), width: 150, render: dash },
    { dataIndex: 'voidReason', title: t('voidReason'), render: dash },
  ];

  return (
    <ViewModal
      open={range !== null}
      width={1100}
      title={range ? t('codesTitle', { first: range.firstCode, last: range.lastCode }) : ''}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 8 }} wrap>
        <Permission value={[SUPPLY_BARCODE_PERMISSIONS.ship]}>
          <Button disabled={codes.length === 0} onClick={() => void ship()} data-testid="barcode-ship">
            {t('ship')}
          </Button>
        </Permission>
        <Permission value={[SUPPLY_BARCODE_PERMISSIONS.void]}>
          <Button
            danger
            disabled={codes.length === 0}
            onClick={() => setVoiding(true)}
            data-testid="barcode-void"
          >
            {t('void')}
          </Button>
        </Permission>
        {extra?.(codes, refresh)}
      </Space>
      <DataTable<BarcodeRow>
        rowKey="code"
        columns={columns}
        {...pagedTable(list)}
        selection={{ mode: 'multiple', keys: selected, onChange: setSelected }}
        label={t('codes')}
        data-testid="barcode-codes"
      />
      <FormModal<VoidValues>
        open={voiding}
        title={t('voidTitle', { count: codes.length })}
        onSave={voidCodes}
        onClose={() => setVoiding(false)}
        testId="barcode-void-form"
        name="barcodeVoid"
      >
        <Form.Item name="reasonCode" label={t('reasonCode')} rules={[rules.chosen(t('reasonCode'))]}>
          <DictSelect dictNo={VOID_REASON_DICT} data-testid="barcode-void-reason-code" />
        </Form.Item>
        <Form.Item noStyle dependencies={['reasonCode']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="reason"
              label={t('reasonWords')}
              rules={
                getFieldValue('reasonCode') === VOID_REASON_OTHER ? [rules.required(t('reasonWords'))] : []
              }
            >
              <Input maxLength={255} data-testid="barcode-void-reason" />
            </Form.Item>
          )}
        </Form.Item>
      </FormModal>
    </ViewModal>
  );
}
