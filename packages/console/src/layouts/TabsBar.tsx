import { LockOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type TabPage, useTabs } from '../stores/tabs';
import { tabActions } from './tabActions';

export function tabTitle(tab: TabPage, t: (key: string) => string): string {
  return tab.customName ?? t(tab.title);
}

/** The multi-page tab strip with its context menu (SPEC section 2). */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => s.active);

  const contextMenu = (tab: TabPage): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: tab.unclose || tab.locked },
      { key: 'closeLeft', label: t('tabs.closeLeft') },
      { key: 'closeRight', label: t('tabs.closeRight') },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'toggleLock', label: tab.locked ? t('tabs.unlock') : t('tabs.lock'), disabled: tab.unclose },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      const action = tabActions[key as keyof typeof tabActions];
      action(tab.path);
    },
  });

  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active ?? undefined}
      data-testid="tabs-bar"
      style={{ marginBottom: 0 }}
      onChange={(key) => {
        const tab = tabs.find((item) => item.path === key);
        if (tab) navigate(tab.fullPath);
      }}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') tabActions.close(key);
      }}
      items={tabs.map((tab) => ({
        key: tab.path,
        closable: !tab.unclose && !tab.locked,
        label: (
          <Dropdown trigger={['contextMenu']} menu={contextMenu(tab)}>
            <span data-testid="tab" data-path={tab.path}>
              {tab.locked && <LockOutlined />}
              {tabTitle(tab, t)}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
