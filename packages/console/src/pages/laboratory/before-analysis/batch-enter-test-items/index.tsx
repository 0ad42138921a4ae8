import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../../components/FormModal';
import { useCameraPage } from '../../../../devices/hooks';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import { parseBarcodes } from '../barcodes';
import { OrderFields, RequisitionCapture, useOrderChoices } from '../TestOrderParts';

interface Values {
  subjectId?: number;
  visit?: string;
  testItemIds?: number[];
  barcodes?: string;
}

/** /laboratory/before-analysis/batch-enter-test-items: the same test items for many barcodes of a subject. */
export default function BatchEnterTestItemsPage() {
  useCameraPage();
  const { t } = useTranslation();
  const choices = useOrderChoices();
  const [form] = Form.useForm<Values>();
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [run, saving] = useAction();

  const save = async (v: Values) => {
    const barcodes = parseBarcodes(v.barcodes ?? '');
    const { subjectId, testItemIds } = v;
    if (!subjectId || !testItemIds || barcodes.length === 0) return;
    // Taken or repeated barcodes are refused (shown by the request helper): nothing was saved.
    await run(async () => {
      const r = await callEndpoint((c) => c.testOrder.batchCreate, {
        body: { subjectId, visit: v.visit ?? null, testItemIds, requisitionFileIds: fileIds, barcodes },
      });
      feedback.success(t('lab.order.batchDone', { n: r.data.ids.length }));
      form.resetFields();
      setFileIds([]);
    });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Card title={t('menu./laboratory/before-analysis/batch-enter-test-items')}>
          <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)}>
            <OrderFields {...choices} />
            <Form.Item
              name="barcodes"
              label={t('lab.order.barcodes')}
              extra={t('lab.order.barcodesHint')}
              rules={[{ required: true, message: t('lab.order.barcodeRule') }]}
            >
              <Input.TextArea rows={6} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('lab.subject.submit')}
              </Button>
              <Button onClick={() => form.resetFields()}>{t('lab.shared.reset')}</Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <RequisitionCapture fileIds={fileIds} onChange={setFileIds} />
      </Col>
    </Row>
  );
}
