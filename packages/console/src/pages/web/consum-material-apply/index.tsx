import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONSUMABLE_ORDER_STATES,
  CONSUMABLE_PERMISSIONS,
  consumableOrderWorkflow,
} from '@trialab/api-contract';
import { Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../components/ListPage';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { StatusTag } from '../../../components/StatusTag';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { type OrderRow, portalApi } from '../api';
import { OrderDetailModal } from '../OrderDetail';

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
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.id);
  const list = useListPage((c) => c.consumable.paging, {} as Filter);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  const run = async (work: () => Promise<unknown>, ok = 'web.common.operationOk') => {
    try {
      await work();
      feedback.success(t(ok));
      await list.reload();
    } catch {
      // shown by the request helper
    }
  };

  const columns: DataColumn<OrderRow>[] = [
    {
      dataIndex: 'orderNo',
      title: t('web.consumable.orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`order-${v}`}>
          {v}
        </Button>
      ),
    },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 130 },
    { dataIndex: 'projectName', title: t('web.common.projectName') },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    { dataIndex: 'receiver', title: t('web.consumable.receiver'), width: 100 },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 110,
      render: (v: string) => <StatusTag group="consumable" status={v} />,
    },
    {
      dataIndex: 'expectedShipDate',
      title: t('web.consumable.expectedShipDate'),
      width: 130,
      render: dash,
    },
    {
      dataIndex: 'auditTime',
      title: t('web.consumable.auditTime'),
      width: 170,
      render: (v: string | null) => formatTime(v),
    },
    {
      dataIndex: 'rejectReason',
      title: t('web.consumable.rejectReason'),
      render: dash,
    },
    { dataIndex: 'courier', title: t('web.consumable.courier'), width: 100, render: dash },
    { dataIndex: 'expressNo', title: t('web.consumable.expressNo'), width: 150, render: dash },
    { dataIndex: 'applicantName', title: t('web.consumable.applicant'), width: 100 },
    {
      dataIndex: 'applyTime',
      title: t('web.consumable.applyTime'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
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
          <Form.Item name="orderNo" label={t('web.consumable.orderNo')}>
            <Input allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="projectId" label={t('web.common.projectNo')}>
            <RemoteSelect
              allowClear
              style={{ width: 180 }}
              fetcher={(params) =>
                portalApi
                  .projects(params as { page: number; size: number })
                  .then((r) => ({ data: r.data, total: r.total ?? 0 }))
              }
            />
          </Form.Item>
          <StatesFilter
            label={t('web.common.status')}
            states={CONSUMABLE_ORDER_STATES}
            labelOf={(s) => t(`web.consumable.statuses.${s}`)}
          />
          <Form.Item name="range" label={t('web.consumable.applyRange')}>
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
              {t('web.consumable.create')}
            </Button>
          </Permission>
          <Permission value={[CONSUMABLE_PERMISSIONS.export]}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void portalApi
                  .orderExport(list.filter, `${t('web.consumable.exportName')}.xlsx`)
                  .catch(() => undefined)
              }
            >
              {t('web.consumable.export')}
            </Button>
          </Permission>
        </>
      }
      actions={{
        width: 220,
        render: (row) => (
          <WorkflowActions
            workflow={consumableOrderWorkflow}
            state={row.status}
            isApplicant={row.applicantId === userId}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('web.common.view')}
              </Button>
            }
            actions={{
              edit: {
                label: t('web.consumable.actions.edit'),
                testId: `order-edit-${row.orderNo}`,
                onClick: () => navigate(`/web/create-apply?id=${row.id}`),
              },
              withdraw: {
                label: t('web.consumable.actions.withdraw'),
                testId: `order-withdraw-${row.orderNo}`,
                confirm: t('web.consumable.confirmWithdraw'),
                onClick: () => run(() => portalApi.orderRevoke(row.id, row.version)),
              },
              cancel: {
                label: t('web.consumable.actions.cancel'),
                testId: `order-cancel-${row.orderNo}`,
                danger: true,
                reason: {
                  title: t('web.consumable.cancelTitle'),
                  placeholder: t('web.consumable.cancelReason'),
                  testId: 'order-cancel-reason',
                },
                onClick: (reason) => run(() => portalApi.orderCancel(row.id, row.version, reason)),
              },
              receive: {
                label: t('web.consumable.actions.receive'),
                testId: `order-receive-${row.orderNo}`,
                confirm: t('web.consumable.confirmReceive'),
                onClick: () => run(() => portalApi.orderReceive(row.id, row.version)),
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
