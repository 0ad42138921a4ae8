import { type TestOrderRow, testOrderWorkflow } from '@trialab/api-contract';
import { Alert, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../../components/FormModal';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { useCameraPage } from '../../../../devices/hooks';
import { callEndpoint } from '../../../../services/endpoint';
import { useSession } from '../../../../stores/session';
import { OrderFields, RequisitionCapture, useOrderChoices, useOrderColumns } from '../TestOrderParts';

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
  const [run, saving] = useAction();
  const list = useListPage((c) => c.testOrder.paging, {});
  const columns = useOrderColumns();

  const reset = () => {
    form.resetFields();
    setFileIds([]);
    setEditing(null);
  };

  const save = async (v: Values) => {
    const { testItemIds, subjectId, barcode } = v;
    if (!testItemIds) return;
    const saved = await run(async () => {
      const order = { visit: v.visit ?? null, testItemIds, requisitionFileIds: fileIds };
      if (editing) {
        await callEndpoint((c) => c.testOrder.resubmit, {
          body: { ...order, id: editing.id, version: editing.version },
        });
      } else if (subjectId && barcode) {
        await callEndpoint((c) => c.testOrder.create, { body: { ...order, subjectId, barcode } });
      }
    }, t('lab.subject.submitted'));
    if (!saved) return;
    reset();
    await list.reload();
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
                <Button onClick={reset}>{t('lab.shared.reset')}</Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <RequisitionCapture fileIds={fileIds} onChange={setFileIds} />
        </Col>
      </Row>
      <ListPage<TestOrderRow>
        title={t('lab.order.list')}
        list={list}
        rowKey="id"
        columns={columns}
        actions={{
          render: (row) => (
            <WorkflowActions
              workflow={testOrderWorkflow}
              state={row.status}
              isApplicant={row.createdBy === userId}
              actions={{
                resubmit: {
                  label: t('lab.order.correct'),
                  onClick: () => {
                    setEditing(row);
                    setFileIds(row.requisitionFileIds);
                    form.setFieldsValue({
                      barcode: row.barcode,
                      subjectId: row.subjectId,
                      visit: row.visit ?? undefined,
                      testItemIds: row.testItems.map((i) => i.id),
                    });
                  },
                },
              }}
            />
          ),
        }}
      />
    </Space>
  );
}
