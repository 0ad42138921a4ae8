import {
  COURIER_DICT,
  type DataOf,
  SAMPLE_SHIPMENT_STATES,
  type SampleShipmentState,
  sampleShipmentWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { ShipmentDetailModal } from '../../../components/ShipmentDetail';
import { stateText } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

type Row = DataOf<Contract['staffShipment']['paging']>[number];
type Pickup = { courier: string; expressNo: string };

const EXPRESS_NO = /^[A-Za-z0-9-]{4,32}$/;

/**
 * /express/mail: booked sample shipments of my projects awaiting the courier (oldest pick-up
 * first); record the pick-up with courier and waybill (the dispatcher and time are recorded).
 * Receipt sign-off is /express/sign.
 */
export default function ExpressMailPage() {
  const { t } = useTranslation();
  const { t: m } = useTranslation('portalAdmin', { keyPrefix: 'mail' });
  const list = useListPage(
    (c) => c.staffShipment.paging,
    {} as { orderNo?: string; expressNo?: string; status?: SampleShipmentState[] },
    { url: { status: 'many' } },
  );
  const { t: e } = useTranslation('portalAdmin', { keyPrefix: 'editCheck' });
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<number | null>(null);
  const [picking, setPicking] = useState<Row | null>(null);
  const closeView = useCallback(() => setViewing(null), []);

  const pickup = async (values: Pickup) => {
    if (!picking) return;
    await callEndpoint((c) => c.sampleTransport.pickup, {
      params: { id: picking.id },
      body: { version: picking.version, ...values },
    });
    await list.reload();
  };

  const columns: DataColumn<Row>[] = [
    {
      dataIndex: 'orderNo',
      title: t('portal.shipment.orderNo'),
      width: 180,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    col.projectNo(),
    col.site(),
    col.status(sampleShipmentWorkflow, 100),
    { dataIndex: 'estimatedShipDate', title: t('portal.shipment.estimatedShipDate'), width: 130 },
    { dataIndex: 'courier', title: m('courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: m('expressNo'), width: 150, render: dash },
    col.time('createdAt', m('bookedAt')),
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
            <Input allowClear maxLength={32} placeholder={t('portal.shipment.orderNo')} />
          </Form.Item>
          <Form.Item name="expressNo">
            <Input allowClear maxLength={32} placeholder={m('expressNo')} />
          </Form.Item>
          <StatesFilter
            label={t('fields.status')}
            states={SAMPLE_SHIPMENT_STATES}
            labelOf={(s) => stateText(sampleShipmentWorkflow, s)}
          />
        </>
      }
      actions={{
        width: 200,
        render: (row) => (
          <WorkflowActions
            workflow={sampleShipmentWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('portal.shared.view')}
              </Button>
            }
            actions={{
              pickup: { label: m('pickup'), testId: `pickup-${row.orderNo}`, onClick: () => setPicking(row) },
              correct: {
                label: e('correct'),
                testId: `correct-${row.orderNo}`,
                onClick: () => navigate(`/express/edit-check?id=${row.id}`),
              },
            }}
          />
        ),
      }}
    >
      <ShipmentDetailModal id={viewing} onClose={closeView} endpoint={(c) => c.staffShipment.get} />
      <FormModal<Pickup>
        open={picking !== null}
        title={`${m('pickupTitle')} ${picking?.orderNo ?? ''}`}
        onSave={pickup}
        onClose={() => setPicking(null)}
        savedMessage={m('pickedOk')}
        okText={t('components.ok')}
        name="pickup"
      >
        <Form.Item name="courier" label={m('courier')} rules={[rules.chosen(m('courier'))]}>
          <DictSelect dictNo={COURIER_DICT} />
        </Form.Item>
        <Form.Item
          name="expressNo"
          label={m('expressNo')}
          rules={[rules.required(m('expressNo')), { pattern: EXPRESS_NO, message: m('expressNoInvalid') }]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
