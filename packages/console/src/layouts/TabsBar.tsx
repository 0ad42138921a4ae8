import { LockOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs, type TabsRef } from 'antd';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
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
 * antd puts role="tablist" on the whole strip, around the overflow menu's button and each tab's close
 * button; a tablist may hold tabs only (WAI-ARIA). The role moves to the list of tabs, which leaves
 * the overflow button outside it, and the close buttons leave the accessibility tree: they are the
 * mouse's way to close a tab, the keyboard's is Delete on the focused tab (antd) or its context menu.
 * Run after every render: antd re-renders a close button's tabindex when the active tab changes.
 */
function tabsOnlyInTablist(root: HTMLElement | null | undefined): void {
  const nav = root?.querySelector<HTMLElement>(':scope > .ant-tabs-nav');
  const list = nav?.querySelector<HTMLElement>('.ant-tabs-nav-list');
  if (!nav || !list) return;
  const orientation = nav.getAttribute('aria-orientation');
  if (nav.getAttribute('role') === 'tablist') {
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
    list.setAttribute('role', 'tablist');
    if (orientation) list.setAttribute('aria-orientation', orientation);
  }
  for (const close of list.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove')) {
    close.setAttribute('aria-hidden', 'true');
    close.tabIndex = -1;
  }
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
  const ref = useRef<TabsRef>(null);
  useLayoutEffect(() => tabsOnlyInTablist(ref.current?.nativeElement));

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
      ref={ref}
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
