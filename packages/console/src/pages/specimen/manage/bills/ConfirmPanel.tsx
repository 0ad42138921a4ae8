// The confirmation of a bill: scan boxes and tubes (keyboard input ending in Enter; a box barcode
// confirms every tube of the bill in it), settle the differences (a line missing with a note, an
// extra tube put back), then confirm: outbound with the receiver identified, destruction with method,
// certificate and a witness identified (CustodyIdentity: ID card and face or fingerprint, the signed
// handover form; a password where the lab allows it). A lending bill's tubes come back here.
import {
  type BillDetail,
  type BillFamily,
  DESTROY_METHOD_WORDS,
  type DestroyMethod,
} from '@trialab/api-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wordOptions } from '../../../../components/libraryWords';
import { ReasonModal } from '../../../../components/ReasonModal';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import {
  CustodyIdentity,
  type CustodyIdentityValue,
  type ReceiverIdentity,
  type WitnessIdentity,
} from './CustodyIdentity';

export function ConfirmPanel({
  family,
  bill,
  onChanged,
}: {
  family: BillFamily;
  bill: BillDetail;
  onChanged(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<number | null>(null);
  const params = { params: { id: bill.id } };
  const scan = async (value: string) => {
    const barcode = value.trim();
    if (!barcode) return;
    setCode('');
    await callEndpoint(
      (c) => (family === 'outbound' ? c.libraryBills.outboundScan : c.libraryBills.destroyScan),
      { ...params, body: { barcodes: [barcode] } },
    );
    await onChanged();
  };
  const reconcile = async (body: {
    missing?: Array<{ lineId: number; note: string }>;
    putBack?: string[];
  }) => {
    await callEndpoint(
      (c) => (family === 'outbound' ? c.libraryBills.outboundReconcile : c.libraryBills.destroyReconcile),
      { ...params, body: { missing: body.missing ?? [], putBack: body.putBack ?? [] } },
    );
    await onChanged();
  };
  const { scan: state } = bill;
  const settled = state.missing.length === 0 && state.extras.length === 0;

  if (bill.status === 'confirmed') return <ReturnForm bill={bill} onChanged={onChanged} />;
  return (
    <Card
      size="small"
      title={t('libraryBills.confirm.progress', { scanned: state.scanned, lines: state.lines })}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          autoFocus
          value={code}
          placeholder={t('libraryBills.confirm.scan')}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => void scan(code)}
          data-testid="bill-scan"
        />
        <span style={{ opacity: 0.7 }}>{t('libraryBills.confirm.scanHint')}</span>
        {state.missing.length > 0 && (
          <div data-testid="bill-missing">
            <b>{t('libraryBills.confirm.missing')}</b>{' '}
            {state.missing.map((m) => (
              <Tag key={m.lineId} color="orange">
                {m.barcode} {m.box ?? ''}{' '}
                <Button
                  size="small"
                  type="link"
                  data-testid={`bill-mark-missing-${m.barcode}`}
                  onClick={() => setMissing(m.lineId)}
                >
                  {t('libraryBills.confirm.markMissing')}
                </Button>
              </Tag>
            ))}
          </div>
        )}
        {state.extras.length > 0 && (
          <div data-testid="bill-extras">
            <b>{t('libraryBills.confirm.extras')}</b>{' '}
            {state.extras.map((e) => (
              <Tag key={e} color="red">
                {e}{' '}
                <Button
                  size="small"
                  type="link"
                  data-testid={`bill-put-back-${e}`}
                  onClick={() => void reconcile({ putBack: [e] })}
                >
                  {t('libraryBills.confirm.putBack')}
                </Button>
              </Tag>
            ))}
          </div>
        )}
        {settled && <Alert type="success" showIcon message={t('libraryBills.confirm.noDifferences')} />}
        {family === 'outbound' ? (
          <OutboundConfirm bill={bill} disabled={!settled} onChanged={onChanged} />
        ) : (
          <DestroyConfirm bill={bill} disabled={!settled} onChanged={onChanged} />
        )}
      </Space>
      <ReasonModal
        open={missing !== null}
        title={t('libraryBills.confirm.missingTitle')}
        placeholder={t('libraryBills.confirm.missingReason')}
        max={255}
        required
        testId="bill-missing-note"
        onCancel={() => setMissing(null)}
        onOk={(note) => {
          const lineId = missing ?? 0;
          setMissing(null);
          void reconcile({ missing: [{ lineId, note }] });
        }}
      />
    </Card>
  );
}

function OutboundConfirm({
  bill,
  disabled,
  onChanged,
}: {
  bill: BillDetail;
  disabled: boolean;
  onChanged(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [identity, setIdentity] = useState<CustodyIdentityValue | null>(null);
  const submit = async () => {
    if (!identity) return;
    await callEndpoint((c) => c.libraryBills.outboundConfirm, {
      params: { id: bill.id },
      body: { version: bill.version, identity: identity as ReceiverIdentity },
    });
    feedback.success(t('libraryBills.confirm.done'));
    await onChanged();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <CustodyIdentity as="receiver" projectId={bill.projectId} onChange={setIdentity} />
      <Button
        type="primary"
        disabled={disabled || !identity}
        title={identity ? undefined : t('libraryCustody.check.required')}
        onClick={() => void submit()}
        data-testid="bill-confirm"
      >
        {t('libraryBills.confirm.confirm')}
      </Button>
    </Space>
  );
}

interface DestroyValues {
  method: DestroyMethod;
  certificate: string;
}

function DestroyConfirm({
  bill,
  disabled,
  onChanged,
}: {
  bill: BillDetail;
  disabled: boolean;
  onChanged(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DestroyValues>();
  const [witness, setWitness] = useState<CustodyIdentityValue | null>(null);
  const submit = async () => {
    if (!witness) return;
    const v = await form.validateFields();
    await callEndpoint((c) => c.libraryBills.destroyConfirm, {
      params: { id: bill.id },
      body: {
        version: bill.version,
        method: v.method,
        certificate: v.certificate,
        witness: witness as WitnessIdentity,
      },
    });
    feedback.success(t('libraryBills.confirm.done'));
    await onChanged();
  };
  // The identity check holds forms of its own (devices): it sits beside this form, not in it.
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form form={form} name="bill-destroy" layout="vertical">
        <Space wrap align="end">
          <Form.Item name="method" label={t('libraryBills.confirm.method')} rules={[{ required: true }]}>
            <Select style={{ width: 200 }} options={wordOptions(DESTROY_METHOD_WORDS)} />
          </Form.Item>
          <Form.Item
            name="certificate"
            label={t('libraryBills.confirm.certificate')}
            rules={[{ required: true, whitespace: true, max: 64 }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
        </Space>
      </Form>
      <CustodyIdentity as="witness" projectId={bill.projectId} onChange={setWitness} />
      <Button
        type="primary"
        danger
        disabled={disabled || !witness}
        onClick={() => void submit()}
        data-testid="bill-confirm"
      >
        {t('libraryBills.confirm.confirmDestroy')}
      </Button>
    </Space>
  );
}

/** A lending bill's specimens come back: each into a chosen box and cell (freeze-thaw +1). */
function ReturnForm({ bill, onChanged }: { bill: BillDetail; onChanged(): Promise<void> }) {
  const { t } = useTranslation();
  const out = bill.lineRows.filter((l) => l.whole && l.missingNote === null && l.returnedAt === null);
  const [form] = Form.useForm<{ barcode: string; boxId: number; position: string }>();
  const submit = async (v: { barcode: string; boxId: number; position: string }) => {
    await callEndpoint((c) => c.libraryBills.outboundReturn, {
      params: { id: bill.id },
      body: { items: [{ barcode: v.barcode, boxId: v.boxId, position: v.position }] },
    });
    feedback.success(t('libraryBills.confirm.returnDone'));
    form.resetFields();
    await onChanged();
  };
  return (
    <Card size="small" title={t('libraryBills.confirm.returnTitle')}>
      <Form form={form} name="bill-return" layout="inline" onFinish={(v) => void submit(v)}>
        <Form.Item name="barcode" label={t('libraryBills.detail.barcode')} rules={[{ required: true }]}>
          <Select style={{ width: 180 }} options={out.map((l) => ({ value: l.barcode, label: l.barcode }))} />
        </Form.Item>
        <Form.Item name="boxId" label={t('libraryBills.confirm.returnBox')} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="position"
          label={t('libraryBills.confirm.returnPosition')}
          rules={[{ required: true, max: 8 }]}
        >
          <Input style={{ width: 90 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="bill-return">
          {t('libraryBills.confirm.returnTitle')}
        </Button>
      </Form>
    </Card>
  );
}
