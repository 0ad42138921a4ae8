import { UploadOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import { Alert, Button, Form, Input, InputNumber, Table, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RangedDatePicker } from '../../../components/DatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { useDetail } from '../../../components/ViewModal/useDetail';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { uploadPicked } from '../../../services/files';
import { useEndpointQuery } from '../../../services/query';

export type StaffOrderRow = DataOf<Contract['consumable']['staffPaging']>[number];

interface LineValues {
  lotNumber: string;
  outboundQuantity: number;
  expiryDate: Dayjs;
  certificate?: Array<{ originFileObj?: File }>;
}
interface Values {
  courier: string;
  expressNo: string;
  lines: LineValues[];
}

/** SPEC waybill: letters, digits and hyphens (the server's rule). */
const EXPRESS_NO = /^[A-Za-z0-9-]{4,32}$/;

/**
 * Dispatch of an approved application: courier, waybill and per line lot, quantity, expiry,
 * certificate. It opens once the application's lines are loaded (a failed load closes it).
 */
export function DispatchModal({
  row,
  onSaved,
  onClose,
}: {
  row: StaffOrderRow | null;
  onSaved(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { t: s } = useTranslation('portalAdmin', { keyPrefix: 'dispatch' });
  const detail = useDetail(row?.id ?? null, (c) => c.consumable.get, onClose);
  const { t: f } = useTranslation('supply', { keyPrefix: 'fefo' });
  // Catalogue lines leave stock by FEFO (the server picks the lots); only the others are typed in.
  const typed = (detail?.lines ?? []).filter((l) => l.consumableId === null);
  const plan = useEndpointQuery(
    (c) => c.supply.fefoPlan,
    { params: { id: row?.id ?? 0 } },
    { enabled: row !== null && detail !== null },
  ).data?.data;

  const submit = async (values: Values) => {
    if (!row || !detail) return;
    // The form's lines are the application's typed ones (outside the catalogue), in its order.
    const lines = await Promise.all(
      typed.map(async (line, index) => {
        const value = values.lines[index] as LineValues;
        const file = value.certificate?.[0]?.originFileObj;
        return {
          lineId: line.id,
          lotNumber: value.lotNumber,
          outboundQuantity: value.outboundQuantity,
          expiryDate: value.expiryDate.format('YYYY-MM-DD'),
          certificateFileId: file ? (await uploadPicked(file)).id : null,
        };
      }),
    );
    await callEndpoint((c) => c.consumable.dispatch, {
      params: { id: row.id },
      body: { version: detail.version, courier: values.courier, expressNo: values.expressNo, lines },
    });
    await onSaved();
  };

  const lines = typed;
  return (
    <FormModal<Values>
      open={row !== null && detail !== null}
      title={`${s('dispatch')} ${row?.orderNo ?? ''}`}
      width={1100}
      initialValues={{
        lines: lines.map((l) => ({ lotNumber: '', outboundQuantity: l.kitAmount }) as LineValues),
      }}
      onSave={submit}
      onClose={onClose}
      savedMessage={s('dispatchedOk')}
      okText={t('components.ok')}
      name="dispatch"
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      testId="dispatch-form"
    >
      <Form.Item name="courier" label={s('courier')} rules={[rules.chosen(s('courier'))]}>
        <DictSelect dictNo={1006} style={{ width: 160 }} data-testid="dispatch-courier" />
      </Form.Item>
      <Form.Item
        name="expressNo"
        label={s('expressNo')}
        rules={[rules.required(s('expressNo')), { pattern: EXPRESS_NO, message: s('expressNoInvalid') }]}
      >
        <Input maxLength={32} data-testid="dispatch-express-no" />
      </Form.Item>
      <Form.List name="lines">
        {(fields) => (
          <Table
            style={{ width: '100%', marginTop: 12 }}
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            columns={[
              {
                title: s('consumable'),
                render: (_, f) => {
                  const line = lines[f.name];
                  return line ? `${line.kitName ? `${line.kitName} / ` : ''}${line.consumableName}` : '-';
                },
              },
              { title: s('amount'), width: 80, render: (_, f) => lines[f.name]?.kitAmount ?? '-' },
              {
                title: s('lotNumber'),
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'lotNumber']}
                    rules={[rules.required(s('lotNumber')), rules.max(s('lotNumber'), 32)]}
                    noStyle={false}
                    style={{ margin: 0 }}
                  >
                    <Input maxLength={32} data-testid={`dispatch-lot-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: s('outboundQuantity'),
                width: 120,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'outboundQuantity']}
                    rules={[rules.chosen(s('outboundQuantity'))]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber min={0} max={99_999} precision={0} />
                  </Form.Item>
                ),
              },
              {
                title: s('expiryDate'),
                width: 160,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'expiryDate']}
                    rules={[rules.chosen(s('expiryDate'))]}
                    style={{ margin: 0 }}
                  >
                    <RangedDatePicker data-testid={`dispatch-expiry-${f.name}`} />
                  </Form.Item>
                ),
              },
              {
                title: s('certificate'),
                width: 160,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'certificate']}
                    valuePropName="fileList"
                    getValueFromEvent={(e: { fileList: unknown[] }) => e.fileList.slice(-1)}
                    style={{ margin: 0 }}
                  >
                    <Upload beforeUpload={() => false} maxCount={1} accept="image/*,.pdf">
                      <Button size="small" icon={<UploadOutlined />}>
                        {s('upload')}
                      </Button>
                    </Upload>
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      {plan && (
        <Alert
          style={{ width: '100%' }}
          type={plan.short.length > 0 ? 'error' : 'info'}
          data-testid="dispatch-fefo"
          message={f('title', { days: plan.doNotShipDays, from: plan.shipFrom })}
          description={[
            ...plan.picks.map((p) => f('pick', { lot: p.lotNo, qty: p.quantity, expiry: p.expiryDate })),
            ...plan.kits.map((k) => f('kit', { kit: k.kitName, expiry: k.expiryDate })),
            ...plan.short.map((x) =>
              f('short', { item: x.consumableName, needed: x.needed, available: x.available }),
            ),
          ].join('；')}
        />
      )}
    </FormModal>
  );
}
