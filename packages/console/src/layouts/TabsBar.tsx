import { LockOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { t as textOf } from '../locales';
import { type TabPage, useTabs } from '../stores/tabs';
import { navigateTo } from '../utils/navigation';
import { tabActions } from './tabActions';

/** The tab's own name, else its route's title (a menu key of the route table). */
export function tabTitle(tab: TabPage): string {
  return tab.customName ?? textOf(tab.title);
}

/**
 * The multi-page tab strip with its context menu (SPEC section 2). Memoised: it re-renders when the
 * tabs, the active tab or the language change, not on every navigation (router's useNavigate would
 * re-render it on each one, hence the registered navigateTo).
 *
 * `active` is the route being shown, given by the layout in the same render that shows its page: the
 * store learns it in an effect after that render, and waiting for the store would take a second
 * render of the strip before the click's first frame. Without a route (403, 404) the store's.
 */
export const TabsBar = memo(function TabsBar({ active: shown }: { active?: string }) {
  const { t } = useTranslation();
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => shown ?? s.active);

  // The labels (with their context menus) are rebuilt only when the tabs or the texts change; a
  // tab switch changes only activeKey.
  const items = useMemo(() => {
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
    return tabs.map((tab) => ({
      key: tab.path,
      closable: !tab.unclose && !tab.locked,
      label: (
        <Dropdown trigger={['contextMenu']} menu={contextMenu(tab)}>
          <span data-testid="tab" data-path={tab.path}>
            {tab.locked && <LockOutlined />}
            {tabTitle(tab)}
          </span>
        </Dropdown>
      ),
    }));
  }, [tabs, t]);

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
        if (tab) navigateTo(tab.fullPath);
      }}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') tabActions.close(key);
      }}
      items={items}
    />
  );
});
