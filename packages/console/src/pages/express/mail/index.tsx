import {
  SAMPLE_SHIPMENT_STATES,
  type SampleShipmentState,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { DictSelect } from '../../../components/DictSelect';
import { dash, formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { type StaffShipmentRow, staffApi } from '../../../services/portalAdmin';
import { feedback } from '../../../utils/feedback';
import { ShipmentDetailModal } from '../../web/ShipmentDetail';

const EXPRESS_NO = /^[A-Za-z0-9-]{4,32}$/;

/**
 * /express/mail: booked sample shipments of my projects awaiting the courier (oldest pick-up
 * first); record the pick-up with courier and waybill (the dispatcher and time are recorded).
 * Receipt sign-off is /express/sign.
 */
export default function ExpressMailPage() {
  const { t } = useTranslation();
  const list = useListPage(
    (c) => c.staffShipment.paging,
    {} as { orderNo?: string; expressNo?: string; status?: SampleShipmentState[] },
  );
  const [viewing, setViewing] = useState<number | null>(null);
  const [picking, setPicking] = useState<StaffShipmentRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ courier: string; expressNo: string }>();
  const closeView = useCallback(() => setViewing(null), []);
  const m = (key: string) => t(`webAdmin.mail.${key}`);

  const pickup = async () => {
    if (!picking) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await staffApi.pickup(picking.id, { version: picking.version, ...values });
      feedback.success(m('pickedOk'));
      setPicking(null);
      form.resetFields();
      await list.reload();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: DataColumn<StaffShipmentRow>[] = [
    {
      dataIndex: 'orderNo',
      title: t('web.shipment.orderNo'),
      width: 180,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 130 },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 100,
      render: (v: string) => <StatusTag group="shipment" status={v} />,
    },
    { dataIndex: 'estimatedShipDate', title: t('web.shipment.estimatedShipDate'), width: 130 },
    { dataIndex: 'courier', title: m('courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: m('expressNo'), width: 150, render: dash },
    { dataIndex: 'createdAt', title: m('bookedAt'), width: 170, render: (v: string) => formatTime(v) },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="express.mail"
      columns={columns}
      filters={
        <>
          <Form.Item name="orderNo">
            <Input allowClear maxLength={32} placeholder={t('web.shipment.orderNo')} />
          </Form.Item>
          <Form.Item name="expressNo">
            <Input allowClear maxLength={32} placeholder={m('expressNo')} />
          </Form.Item>
          <StatesFilter
            label={t('web.common.status')}
            states={SAMPLE_SHIPMENT_STATES}
            labelOf={(s) => t(`web.shipment.statuses.${s}`)}
          />
        </>
      }
      actions={{
        width: 150,
        render: (row) => (
          <WorkflowActions
            workflow={sampleShipmentWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('web.common.view')}
              </Button>
            }
            actions={{
              pickup: { label: m('pickup'), testId: `pickup-${row.orderNo}`, onClick: () => setPicking(row) },
            }}
          />
        ),
      }}
    >
      <ShipmentDetailModal id={viewing} onClose={closeView} endpoint={(c) => c.staffShipment.get} />
      <Modal
        open={picking !== null}
        title={`${m('pickupTitle')} ${picking?.orderNo ?? ''}`}
        confirmLoading={saving}
        onOk={() => void pickup().catch(() => undefined)}
        onCancel={() => setPicking(null)}
        destroyOnHidden
      >
        <Form form={form} name="pickup" layout="vertical">
          <Form.Item name="courier" label={m('courier')} rules={[rules.chosen(m('courier'))]}>
            <DictSelect dictNo={1006} />
          </Form.Item>
          <Form.Item
            name="expressNo"
            label={m('expressNo')}
            rules={[rules.required(m('expressNo')), { pattern: EXPRESS_NO, message: m('expressNoInvalid') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
