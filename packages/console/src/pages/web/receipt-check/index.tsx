import { KIT_SUPPLY_STATES, type KitSupplyState, kitSupplyWorkflow } from '@trialab/api-contract';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { dash, formatTime } from '../../../components/format';
import { ListPage } from '../../../components/ListPage';
import { usePaged } from '../../../components/usePaged';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { feedback } from '../../../utils/feedback';
import { type KitSupplyRow, portalApi } from '../api';

/** /web/receipt-check: kit supply confirmation of my sites (to be confirmed, confirmed). */
export default function KitSupplyPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<KitSupplyState>('pending');
  const list = usePaged((c) => c.consumable.kitSupplyPaging, { tab });

  const confirm = async (row: KitSupplyRow) => {
    try {
      await portalApi.kitSupplyConfirm(row.id, row.version);
      feedback.success(t('web.common.operationOk'));
      await list.reload();
    } catch {
      // shown by the request helper
    }
  };

  const columns: DataColumn<KitSupplyRow>[] = [
    { dataIndex: 'kitName', title: t('web.kitSupply.kitName') },
    { dataIndex: 'projectNo', title: t('web.common.projectNo'), width: 140 },
    {
      dataIndex: 'siteName',
      title: t('web.common.siteName'),
      render: (v: string, row) => `${row.siteNo} ${v}`,
    },
    { dataIndex: 'itemCount', title: t('web.kitSupply.itemCount'), width: 100 },
    ...(tab === 'confirmed'
      ? ([
          {
            dataIndex: 'confirmedByName',
            title: t('web.kitSupply.confirmedBy'),
            width: 120,
            render: dash,
          },
          {
            dataIndex: 'confirmedAt',
            title: t('web.kitSupply.confirmedAt'),
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
        ] as DataColumn<KitSupplyRow>[])
      : []),
  ];

  return (
    <ListPage
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as KitSupplyState)}
          items={KIT_SUPPLY_STATES.map((s) => ({ key: s, label: t(`web.kitSupply.${s}`) }))}
        />
      }
      list={list}
      rowKey="id"
      code={`web.receipt-check.${tab}`}
      columns={columns}
      actions={{
        render: (row) => (
          <WorkflowActions
            workflow={kitSupplyWorkflow}
            state={row.status}
            actions={{
              confirm: {
                label: t('web.kitSupply.confirm'),
                testId: `kit-confirm-${row.kitName}`,
                confirm: t('web.kitSupply.confirmText'),
                onClick: () => confirm(row),
              },
            }}
          />
        ),
      }}
    />
  );
}
