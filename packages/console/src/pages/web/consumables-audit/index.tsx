import { consumableOrderWorkflow, type DataOf } from '@trialab/api-contract';
import { Button, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, useUrlTab } from '../../../components/ListPage';
import { OrderDetailModal } from '../../../components/OrderDetail';
import { usePaged } from '../../../components/usePaged';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useSession } from '../../../stores/session';
import { feedback } from '../../../utils/feedback';

type OrderRow = DataOf<Contract['consumable']['auditPaging']>[number];

type Tab = 'pending' | 'reviewed';

/** /web/consumables-audit: pending review and reviewed tabs; pass, or reject with a reason (<= 255). */
const TABS = { submitted: 'pending', approved: 'reviewed', rejected: 'reviewed' } as const;

export default function ConsumablesAuditPage() {
  const { t } = useTranslation();
  const { t: a } = useTranslation('portal', { keyPrefix: 'audit' });
  const { t: c } = useTranslation('portal', { keyPrefix: 'consumable' });
  const userId = useSession((s) => s.user?.id);
  // The home to-do opens it as ?status=submitted; a decided application is under reviewed.
  const [tab, setTab] = useUrlTab<Tab>(TABS, 'pending');
  const list = usePaged((c) => c.consumable.auditPaging, { tab });
  const [viewing, setViewing] = useState<number | null>(null);
  const closeDetail = useCallback(() => setViewing(null), []);

  // A failed call rejects: WorkflowActions keeps the reject reason dialog open with what was typed.
  const audit = async (row: OrderRow, pass: boolean, reason: string | null) => {
    await callEndpoint((api) => api.consumable.audit, {
      params: { id: row.id },
      body: { version: row.version, pass, reason },
    });
    feedback.success(t('portal.shared.operationOk'));
    await list.reload();
  };

  const columns: DataColumn<OrderRow>[] = [
    {
      dataIndex: 'orderNo',
      title: c('orderNo'),
      width: 190,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {v}
        </Button>
      ),
    },
    col.projectNo(),
    col.site(),
    { dataIndex: 'applicantName', title: t('fields.applicant'), width: 100 },
    col.time('applyTime', t('fields.applyTime')),
    { dataIndex: 'kitCount', title: c('kitCount'), width: 80 },
    { dataIndex: 'looseCount', title: c('looseCount'), width: 100 },
    col.status(consumableOrderWorkflow),
    ...(tab === 'reviewed'
      ? ([
          { dataIndex: 'auditorName', title: c('auditor'), width: 100 },
          col.time<OrderRow>('auditTime', c('auditTime')),
          {
            dataIndex: 'rejectReason',
            title: c('rejectReason'),
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
            { key: 'pending', label: a('pending') },
            { key: 'reviewed', label: a('reviewed') },
          ]}
        />
      }
      list={list}
      rowKey="id"
      code={`portal.consumables-audit.${tab}`}
      columns={columns}
      actions={{
        width: 200,
        items: [{ label: t('portal.shared.view'), onClick: (row) => setViewing(row.id) }],
        render: (row) => (
          <WorkflowActions
            workflow={consumableOrderWorkflow}
            state={row.status}
            isApplicant={row.applicantId === userId}
            actions={{
              approve: {
                label: a('pass'),
                testId: `audit-pass-${row.orderNo}`,
                confirm: a('confirmPass'),
                onClick: () => audit(row, true, null),
              },
              reject: {
                label: a('reject'),
                testId: `audit-reject-${row.orderNo}`,
                danger: true,
                reason: {
                  title: a('rejectTitle'),
                  placeholder: a('rejectReason'),
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
