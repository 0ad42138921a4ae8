import type { AccountApplicationState } from '@trialab/api-contract';
import { Button, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useListPage } from '../../../components/ListPage';
import {
  ApplicationFilters,
  ApplicationModal,
  applicationColumns,
} from '../../../components/UserApplication';
import { ApplicationAuditActions } from './AuditActions';

type Tab = 'pending' | 'reviewed';
type Filter = { keyword?: string; status?: AccountApplicationState[] };

/** /project/user-apply-audit: account applications of my projects, pending review and reviewed. */
export default function UserApplyAuditPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('pending');
  const list = useListPage((c) => c.accountApplication.auditPaging, {} as Filter, {
    toBody: (filter: Filter) => ({ ...filter, tab }),
    url: { status: 'many' },
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);

  return (
    <ListPage
      list={list}
      rowKey="id"
      code={`project.user-apply-audit.${tab}`}
      header={
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            { key: 'pending', label: t('portalAdmin.application.pending') },
            { key: 'reviewed', label: t('portalAdmin.application.reviewed') },
          ]}
        />
      }
      columns={applicationColumns(t, (row) => setViewing(row.id))}
      filters={<ApplicationFilters />}
      actions={{
        width: 180,
        render: (row) => (
          <ApplicationAuditActions
            row={row}
            onDone={() => void list.reload()}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('portalAdmin.shared.view')}
              </Button>
            }
          />
        ),
      }}
    >
      <ApplicationModal id={viewing} endpoint={(c) => c.accountApplication.staffGet} onClose={close} />
    </ListPage>
  );
}
