import { PlusOutlined } from '@ant-design/icons';
import {
  CONSUMABLE_ORDER_STATES,
  CONSUMABLE_PERMISSIONS,
  consumableOrderWorkflow,
  type DataOf,
} from '@trialab/api-contract';
import { Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { dash } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { OrderDetailModal } from '../../../components/OrderDetail';
import { stateText } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { ProjectFilter } from '../reportParts';

type OrderRow = DataOf<Contract['consumable']['paging']>[number];

interface Filter {
  orderNo?: string;
  projectId?: number;
  status?: Array<(typeof CONSUMABLE_ORDER_STATES)[number]>;
  applyFrom?: string;
  applyTo?: string;
}

interface FormValues {
  orderNo?: string;
  projectId?: number;
  status?: Filter['status'];
  range?: [Dayjs, Dayjs];
}

/** /web/consum-material-apply: my sites' consumable applications, filters, export, and the lifecycle actions. */
export default function ConsumableApplyPage() {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((api) => api.consumable.paging, {} as Filter, { url: { status: 'many' } });
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  // A failed call rejects: WorkflowActions keeps the cancel reason dialog open with what was typed.
  const step = async (call: Promise<unknown>) => {
    await call;
    feedback.success(t('portal.shared.operationOk'));
    await list.reload();
  };

  const columns: DataColumn<OrderRow>[] = [
    {
      dataIndex: 'orderNo',
      title: c('orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`order-${v}`}>
          {v}
        </Button>
      ),
    },
    col.projectNo(),
    { dataIndex: 'projectName', title: t('fields.projectName') },
    col.site(),
    { dataIndex: 'receiver', title: c('receiver'), width: 100 },
    col.status(consumableOrderWorkflow),
    {
      dataIndex: 'expectedShipDate',
      title: c('expectedShipDate'),
      width: 130,
      render: dash,
    },
    col.time('auditTime', c('auditTime')),
    {
      dataIndex: 'rejectReason',
      title: c('rejectReason'),
      render: dash,
    },
    col.field('courier', 100),
    col.field('expressNo', 150),
    { dataIndex: 'applicantName', title: t('fields.applicant'), width: 100 },
    col.time('applyTime', t('fields.applyTime')),
  ];

  return (
    <ListPage<OrderRow, FormValues>
      list={list}
      rowKey="id"
      code="web.consum-material-apply"
      columns={columns}
      onSearch={(values) =>
        list.search({
          orderNo: values.orderNo,
          projectId: values.projectId,
          status: values.status,
          ...(values.range
            ? {
                applyFrom: values.range[0].format('YYYY-MM-DD'),
                applyTo: values.range[1].format('YYYY-MM-DD'),
              }
            : {}),
        })
      }
      filters={
        <>
          <Form.Item name="orderNo" label={c('orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <ProjectFilter />
          <StatesFilter
            label={t('fields.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(s) => stateText(consumableOrderWorkflow, s)}
          />
          <Form.Item name="range" label={c('applyRange')}>
            <DatePicker.RangePicker />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <Permission value={[CONSUMABLE_PERMISSIONS.create]}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => navigate('/web/create-apply')}
              data-testid="order-create"
            >
              {c('create')}
            </Button>
          </Permission>
          <ExportButton
            endpoint={(api) => api.consumable.export}
            input={{ body: list.filter }}
            fileName={`${c('exportName')}.xlsx`}
            permission={[CONSUMABLE_PERMISSIONS.export]}
          >
            {c('export')}
          </ExportButton>
        </>
      }
      actions={{
        width: 220,
        items: [{ label: t('portal.shared.view'), onClick: (row) => setViewing(row.id) }],
        render: (row) => (
          <WorkflowActions
            workflow={consumableOrderWorkflow}
            state={row.status}
            isApplicant={row.applicantId === userId}
            actions={{
              edit: {
                label: c('actions.edit'),
                testId: `order-edit-${row.orderNo}`,
                onClick: () => navigate(`/web/create-apply?id=${row.id}`),
              },
              withdraw: {
                label: c('actions.withdraw'),
                testId: `order-withdraw-${row.orderNo}`,
                confirm: c('confirmWithdraw'),
                onClick: () =>
                  step(
                    callEndpoint((api) => api.consumable.revoke, {
                      body: { id: row.id, version: row.version },
                    }),
                  ),
              },
              cancel: {
                label: c('actions.cancel'),
                testId: `order-cancel-${row.orderNo}`,
                danger: true,
                reason: {
                  title: c('cancelTitle'),
                  placeholder: c('cancelReason'),
                  testId: 'order-cancel-reason',
                },
                onClick: (reason) =>
                  step(
                    callEndpoint((api) => api.consumable.cancel, {
                      params: { id: row.id },
                      body: { version: row.version, reason },
                    }),
                  ),
              },
              receive: {
                label: c('actions.receive'),
                testId: `order-receive-${row.orderNo}`,
                confirm: c('confirmReceive'),
                onClick: () =>
                  step(
                    callEndpoint((api) => api.consumable.confirmReceive, {
                      params: { id: row.id },
                      body: { version: row.version },
                    }),
                  ),
              },
            }}
          />
        ),
      }}
    >
      <OrderDetailModal id={viewing} onClose={closeDetail} />
    </ListPage>
  );
}
