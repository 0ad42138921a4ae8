import { consumableOrderWorkflow } from '@trialab/api-contract';
import { Button, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage } from '../../../components/ListPage';
import { StatusTag } from '../../../components/StatusTag';
import { usePaged } from '../../../components/usePaged';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';
import { type OrderRow, portalApi } from '../api';
import { OrderDetailModal } from '../OrderDetail';

type Tab = 'pending' | 'reviewed';

/** /web/consumables-audit: pending review and reviewed tabs; pass, or reject with a reason (<= 255). */
export default function ConsumablesAuditPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const [tab, setTab] = useState<Tab>('pending');
  const list = usePaged((c) => c.consumable.auditPaging, { tab });
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  const audit = async (row: OrderRow, pass: boolean, why: string | null) => {
    try {
      await portalApi.orderAudit(row.id, { version: row.version, pass, reason: why });
      feedback.success(t('web.common.operationOk'));
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
    { dataIndex: 'applicantName', title: t('web.consumable.applicant'), width: 100 },
    {
      dataIndex: 'applyTime',
      title: t('web.consumable.applyTime'),
      width: 170,
      render: (v: string) => formatTime(v),
    },
    { dataIndex: 'kitCount', title: t('web.consumable.kitCount'), width: 80 },
    { dataIndex: 'looseCount', title: t('web.consumable.looseCount'), width: 100 },
    {
      dataIndex: 'status',
      title: t('web.common.status'),
      width: 110,
      render: (v: string) => <StatusTag group="consumable" status={v} />,
    },
    ...(tab === 'reviewed'
      ? ([
          { dataIndex: 'auditorName', title: t('web.consumable.auditor'), width: 100 },
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
        ] as DataColumn<OrderRow>[])
      : []),
  ];

  return (
    <ListPage
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            { key: 'pending', label: t('web.audit.pending') },
            { key: 'reviewed', label: t('web.audit.reviewed') },
          ]}
        />
      }
      list={list}
      rowKey="id"
      code={`web.consumables-audit.${tab}`}
      columns={columns}
      actions={{
        width: 200,
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
              approve: {
                label: t('web.audit.pass'),
                testId: `audit-pass-${row.orderNo}`,
                confirm: t('web.audit.confirmPass'),
                onClick: () => audit(row, true, null),
              },
              reject: {
                label: t('web.audit.reject'),
                testId: `audit-reject-${row.orderNo}`,
                danger: true,
                reason: {
                  title: t('web.audit.rejectTitle'),
                  placeholder: t('web.audit.rejectReason'),
                  testId: 'audit-reject-reason',
                },
                onClick: (reason) => audit(row, false, reason),
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
