import { type TestOrderRow, testOrderWorkflow } from '@trialab/api-contract';
import { Alert, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraPage } from '../../../../devices/hooks';
import { labApi } from '../../../../services/lab';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { OrderFields, OrderTable, RequisitionCapture, useOrderChoices } from '../TestOrderParts';

interface Values {
  subjectId?: number;
  visit?: string;
  testItemIds?: number[];
  barcode?: string;
}

/** /laboratory/before-analysis/input-test-project: the test items of one sample, with its requisition form. */
export default function InputTestProjectPage() {
  useCameraPage();
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const choices = useOrderChoices();
  const [form] = Form.useForm<Values>();
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [editing, setEditing] = useState<TestOrderRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [rows, setRows] = useState<TestOrderRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ page: 1, size: 10 });

  const load = useCallback(async () => {
    try {
      const r = await labApi.testOrderPaging(page);
      setRows(r.data);
      setTotal(r.total ?? 0);
    } catch {
      // Shown by the request helper.
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = () => {
    form.resetFields();
    setFileIds([]);
    setEditing(null);
  };

  const save = async (v: Values) => {
    if (!v.testItemIds) return;
    setSaving(true);
    try {
      if (editing) {
        await labApi.testOrderResubmit({
          id: editing.id,
          version: editing.version,
          visit: v.visit ?? null,
          testItemIds: v.testItemIds,
          requisitionFileIds: fileIds,
        });
      } else if (v.subjectId && v.barcode) {
        await labApi.testOrderCreate({
          subjectId: v.subjectId,
          barcode: v.barcode,
          visit: v.visit ?? null,
          testItemIds: v.testItemIds,
          requisitionFileIds: fileIds,
        });
      }
      feedback.success(t('lab.subject.submitted'));
      reset();
      await load();
    } catch {
      // Shown by the request helper.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t(editing ? 'lab.order.correct' : 'lab.order.enter')}>
            {editing?.reviewReason && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('lab.subject.rejectedBecause', { reason: editing.reviewReason })}
              />
            )}
            <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={saving}>
              <Form.Item
                name="barcode"
                label={t('lab.report.barcode')}
                rules={[
                  {
                    required: true,
                    pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/,
                    message: t('lab.order.barcodeRule'),
                  },
                ]}
              >
                <Input maxLength={32} disabled={editing !== null} data-testid="order-barcode" />
              </Form.Item>
              <OrderFields {...choices} />
              <Space>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="order-submit">
                  {t('lab.subject.submit')}
                </Button>
                <Button onClick={reset}>{t('lab.common.reset')}</Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <RequisitionCapture fileIds={fileIds} onChange={setFileIds} />
        </Col>
      </Row>
      <Card title={t('lab.order.list')}>
        <OrderTable
          rows={rows}
          total={total}
          page={page}
          onPage={(p, size) => setPage({ page: p, size })}
          action={(row) =>
            testOrderWorkflow.transitions.resubmit.from.includes(row.status) && row.createdBy === userId ? (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setEditing(row);
                  setFileIds(row.requisitionFileIds);
                  form.setFieldsValue({
                    barcode: row.barcode,
                    subjectId: row.subjectId,
                    visit: row.visit ?? undefined,
                    testItemIds: row.testItems.map((i) => i.id),
                  });
                }}
              >
                {t('lab.order.correct')}
              </Button>
            ) : null
          }
        />
      </Card>
    </Space>
  );
}
