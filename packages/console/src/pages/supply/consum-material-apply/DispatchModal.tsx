import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Table, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangedDatePicker } from '../../../components/DatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { rules } from '../../../components/formRules';
import { type StaffOrderRow, staffApi, uploadPicked } from '../../../services/portalAdmin';
import { feedback } from '../../../utils/feedback';
import type { OrderDetail } from '../../web/api';

interface LineValues {
  lineId: number;
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

/** Dispatch of an approved application: courier, waybill and per line lot, quantity, expiry, certificate. */
export function DispatchModal({
  row,
  onClose,
}: {
  row: StaffOrderRow | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const s = (key: string) => t(`webAdmin.supply.${key}`);

  useEffect(() => {
    setDetail(null);
    if (!row) return;
    staffApi
      .orderGet(row.id)
      .then((r) => {
        setDetail(r.data);
        form.setFieldsValue({
          lines: r.data.lines.map((l) => ({ lineId: l.id, lotNumber: '', outboundQuantity: l.kitAmount })),
        });
      })
      .catch(() => onClose(false));
  }, [row, form, onClose]);

  const submit = async () => {
    if (!row || !detail) return;
    await form.validateFields();
    // Every value, the line ids included (they are set, not edited, so no field shows them).
    const values = form.getFieldsValue(true) as Values;
    setSaving(true);
    try {
      const lines = await Promise.all(
        values.lines.map(async (l) => {
          const file = l.certificate?.[0]?.originFileObj;
          return {
            lineId: l.lineId,
            lotNumber: l.lotNumber,
            outboundQuantity: l.outboundQuantity,
            expiryDate: l.expiryDate.format('YYYY-MM-DD'),
            certificateFileId: file ? (await uploadPicked(file)).id : null,
          };
        }),
      );
      await staffApi.dispatch(row.id, {
        version: detail.version,
        courier: values.courier,
        expressNo: values.expressNo,
        lines,
      });
      feedback.success(s('dispatchedOk'));
      form.resetFields();
      onClose(true);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const lines = detail?.lines ?? [];
  return (
    <Modal
      open={row !== null}
      title={`${s('dispatch')} ${row?.orderNo ?? ''}`}
      width={1100}
      confirmLoading={saving}
      okButtonProps={{ disabled: !detail }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        name="dispatch"
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        data-testid="dispatch-form"
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
      </Form>
    </Modal>
  );
}
