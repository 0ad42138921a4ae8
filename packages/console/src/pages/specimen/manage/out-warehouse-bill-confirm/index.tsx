import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUrlTab } from '../../../../components/ListPage';
import { BillList } from '../bills/BillList';
import { CustodyRecipients } from '../bills/CustodyRecipients';

const TABS = { bills: 'bills', recipients: 'recipients' } as const;

/**
 * /specimen/manage/out-warehouse-bill-confirm: the handover scanned, differences settled, the
 * receiver identified, returns; the second tab keeps the projects' authorised recipients and
 * witnesses and the lab's custody settings (docs/library.md "Identity-verified custody").
 */
export default function OutWarehouseBillConfirmPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useUrlTab<'bills' | 'recipients'>(TABS, 'bills', 'part');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as 'bills' | 'recipients')}
      items={[
        {
          key: 'bills',
          label: t('libraryCustody.tabBills'),
          children: <BillList family="outbound" view="confirm" />,
        },
        {
          key: 'recipients',
          label: t('libraryCustody.tabRecipients'),
          children: <CustodyRecipients />,
        },
      ]}
    />
  );
}
