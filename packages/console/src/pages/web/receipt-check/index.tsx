import {
  type DataOf,
  KIT_SUPPLY_STATES,
  type KitSupplyState,
  kitSupplyWorkflow,
} from '@trialab/api-contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { dash } from '../../../components/format';
import { ListPage, useUrlTab } from '../../../components/ListPage';
import { usePaged } from '../../../components/usePaged';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { feedback } from '../../../utils/feedback';

type KitSupplyRow = DataOf<Contract['consumable']['kitSupplyPaging']>[number];

/** /web/receipt-check: kit supply confirmation of my sites (to be confirmed, confirmed). */
const TABS = Object.fromEntries(KIT_SUPPLY_STATES.map((s) => [s, s])) as Record<
  KitSupplyState,
  KitSupplyState
>;

export default function KitSupplyPage() {
  const { t } = useTranslation();
  const { t: k } = useTranslation('portal', { keyPrefix: 'kitSupply' });
  // The home to-do opens it as ?status=pending.
  const [tab, setTab] = useUrlTab<KitSupplyState>(TABS, 'pending');
  const list = usePaged((c) => c.consumable.kitSupplyPaging, { tab });

  // WorkflowActions shows a failed call's error (the request helper did) and stays as it was.
  const confirm = async (row: KitSupplyRow) => {
    await callEndpoint((c) => c.consumable.kitSupplyConfirm, {
      params: { id: row.id },
      body: { version: row.version },
    });
    feedback.success(t('portal.shared.operationOk'));
    await list.reload();
  };

  const columns: DataColumn<KitSupplyRow>[] = [
    { dataIndex: 'kitName', title: k('kitName') },
    { ...col.projectNo<KitSupplyRow>(), width: 140 },
    col.site<KitSupplyRow>(),
    { dataIndex: 'itemCount', title: k('itemCount'), width: 100 },
    ...(tab === 'confirmed'
      ? ([
          {
            dataIndex: 'confirmedByName',
            title: k('confirmedBy'),
            width: 120,
            render: dash,
          },
          col.time<KitSupplyRow>('confirmedAt', k('confirmedAt')),
        ] as DataColumn<KitSupplyRow>[])
      : []),
  ];

  return (
    <ListPage
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as KitSupplyState)}
          items={KIT_SUPPLY_STATES.map((s) => ({ key: s, label: k(s) }))}
        />
      }
      list={list}
      rowKey="id"
      code={`portal.receipt-check.${tab}`}
      columns={columns}
      actions={{
        render: (row) => (
          <WorkflowActions
            workflow={kitSupplyWorkflow}
            state={row.status}
            actions={{
              confirm: {
                label: k('confirm'),
                testId: `kit-confirm-${row.kitName}`,
                confirm: k('confirmText'),
                onClick: () => confirm(row),
              },
            }}
          />
        ),
      }}
    />
  );
}
