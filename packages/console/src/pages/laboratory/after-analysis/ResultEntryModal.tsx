import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportDetail, SubjectRow, TestItemRow, TestOrderRow } from '@trialab/api-contract';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../../components/format';
import { callEndpoint } from '../../../services/endpoint';
import { labApi } from '../../../services/lab';

export type EntryMode =
  | { kind: 'create' }
  /** Results of an approved test order: its subject, barcode and items are fixed. */
  | { kind: 'order'; order: TestOrderRow }
  | { kind: 'edit'; report: ReportDetail }
  | { kind: 'revise'; report: ReportDetail };

interface Values {
  subjectId?: number;
  barcode?: string;
  visit?: string;
  reason?: string;
  results: Array<{ testItemId?: number; value?: string }>;
}

/** Result entry: a new report, a correction by the enterer, or a revision of a released report. */
export function ResultEntryModal({
  mode,
  onClose,
  onSaved,
}: {
  mode: EntryMode | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [subjects, setSubjects] = useState<SubjectRow[]>([]);
  const [items, setItems] = useState<TestItemRow[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!mode) return;
    callEndpoint((c) => c.testItems.paging, { body: { page: 1, size: 200, enabled: true } })
      .then((r) => setItems(r.data))
      .catch(() => undefined);
    if (mode.kind === 'order') {
      form.resetFields();
      form.setFieldsValue({
        visit: mode.order.visit ?? undefined,
        results: mode.order.testItems.map((i) => ({ testItemId: i.id })),
      });
    } else if (mode.kind === 'create') {
      form.resetFields();
      form.setFieldsValue({ results: [{}] });
      labApi
        .subjectPaging({ page: 1, size: 200, status: 'approved' })
        .then((r) => setSubjects(r.data))
        .catch(() => undefined);
    } else {
      form.setFieldsValue({
        visit: mode.report.visit ?? undefined,
        results: mode.report.results.map((r) => ({ testItemId: r.testItemId, value: r.value })),
      });
    }
  }, [mode, form]);

  const save = async (values: Values) => {
    if (!mode) return;
    const results = values.results.flatMap((r) =>
      r.testItemId && r.value ? [{ testItemId: r.testItemId, value: r.value }] : [],
    );
    setSaving(true);
    try {
      if (mode.kind === 'order') {
        await labApi.reportCreate({ testOrderId: mode.order.id, visit: values.visit ?? null, results });
      } else if (mode.kind === 'create' && values.subjectId && values.barcode) {
        await labApi.reportCreate({
          subjectId: values.subjectId,
          barcode: values.barcode,
          visit: values.visit ?? null,
          results,
        });
      } else if (mode.kind === 'edit') {
        await labApi.reportUpdate({
          id: mode.report.id,
          version: mode.report.version,
          visit: values.visit ?? null,
          results,
        });
      } else if (mode.kind === 'revise') {
        await labApi.reportRevise(mode.report.id, {
          version: mode.report.version,
          reason: values.reason ?? '',
          results,
        });
      }
      onSaved();
    } catch {
      // Shown by the request helper.
    } finally {
      setSaving(false);
    }
  };

  const english = i18n.language === 'en-US';
  // An order fixes the items: one value per ordered item.
  const fromOrder = mode?.kind === 'order';
  return (
    <Modal
      open={mode !== null}
      width={720}
      title={t(
        mode?.kind === 'revise'
          ? 'lab.report.reviseTitle'
          : mode?.kind === 'edit'
            ? 'lab.report.editTitle'
            : 'lab.report.enterTitle',
      )}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, 'data-testid': 'result-entry-ok' } as never}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        {mode?.kind === 'create' && (
          <Space wrap>
            <Form.Item
              name="subjectId"
              label={t('lab.report.subject')}
              rules={[{ required: true, message: t('lab.report.subjectRequired') }]}
            >
              <Select
                style={{ width: 260 }}
                showSearch
                optionFilterProp="label"
                data-testid="result-subject"
                options={subjects.map((s) => ({
                  value: s.id,
                  label: `${s.projectNo} / ${s.subjectNo} ${s.name}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="barcode"
              label={t('lab.report.barcode')}
              rules={[{ required: true, whitespace: true, message: t('lab.report.barcodeRequired') }]}
            >
              <Input maxLength={32} data-testid="result-barcode" />
            </Form.Item>
          </Space>
        )}
        {mode?.kind === 'order' && (
          <div style={{ marginBottom: 12 }} data-testid="result-order">
            {t('labQueries.results.order')}:{' '}
            {t('labQueries.results.fromOrder', {
              barcode: mode.order.barcode,
              subject: `${mode.order.subjectNo} ${mode.order.subjectName}`,
              visit: dash(mode.order.visit),
            })}
          </div>
        )}
        {mode?.kind !== 'revise' && (
          <Form.Item name="visit" label={t('lab.report.visit')}>
            <Input maxLength={64} />
          </Form.Item>
        )}
        {mode?.kind === 'revise' && (
          <Form.Item
            name="reason"
            label={t('lab.report.reviseReason')}
            rules={[{ required: true, whitespace: true, message: t('lab.report.reasonRequired') }]}
          >
            <Input.TextArea maxLength={255} rows={2} data-testid="revise-reason" />
          </Form.Item>
        )}
        <Form.List name="results">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start">
                  <Form.Item
                    name={[field.name, 'testItemId']}
                    rules={[{ required: true, message: t('lab.report.itemRequired') }]}
                  >
                    <Select
                      style={{ width: 260 }}
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('lab.report.item')}
                      data-testid="result-item"
                      disabled={fromOrder}
                      options={items.map((i) => ({
                        value: i.id,
                        label: `${i.code} ${english ? i.enName : i.name}${i.unit ? ` (${i.unit})` : ''}`,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    rules={[{ required: true, whitespace: true, message: t('lab.report.valueRequired') }]}
                  >
                    <Input maxLength={64} placeholder={t('lab.report.value')} data-testid="result-value" />
                  </Form.Item>
                  {!fromOrder && (
                    <Button
                      icon={<DeleteOutlined />}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Space>
              ))}
              {!fromOrder && (
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('lab.report.addItem')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
