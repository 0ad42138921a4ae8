import { QueryClientProvider } from '@tanstack/react-query';
import { App, Drawer, Layout, Menu } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { APP_SHORT_NAME, HEADER_HEIGHT, SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from '../config';
import { t as textOf } from '../locales';
import ForbiddenPage from '../pages/exception/403';
import NotFoundPage from '../pages/exception/404';
import { type AppRoute, firstLeafUnder } from '../router/buildRoutes';
import { pageReady, preloadPagesWhenIdle, whenIdle } from '../router/pageMap';
import { prefetchPageQuery } from '../router/pageQueries';
import { HOME_PATH } from '../router/routeTable';
import { queryClient } from '../services/query';
import { useScreenLock } from '../session/useScreenLock';
import { newerVersion } from '../session/version';
import { useDict } from '../stores/dict';
import { usePermission } from '../stores/permission';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import { STORAGE_KEYS, writeText } from '../utils/storage';
import { BridgeIndicator } from './BridgeIndicator';
import { HeaderBar } from './HeaderBar';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { LockDialog } from './LockDialog';
import { openKeysFor, toMenuItems } from './menuItems';
import { SettingsDrawer } from './SettingsDrawer';
import { TabsBar } from './TabsBar';
import { listenToTabEvents } from './tabActions';
import { useIsMobile } from './useIsMobile';

/** antd's styles of the page kit, computed while idle (router/KitWarmup.tsx). */
const KitWarmup = lazy(() => import('../router/KitWarmup'));

/** One element for every render: the header's indicator does not re-render on navigation. */
const bridgeIndicator = <BridgeIndicator />;

export interface BasicLayoutProps {
  /** What the guard decided for the current path. */
  content: { kind: 'page'; route: AppRoute } | { kind: 'forbidden' } | { kind: 'notFound' };
}

/** The tabbed shell: side, head or mixed menu, header, tabs and the cached pages. */
export function BasicLayout({ content }: BasicLayoutProps) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useSettings();
  const menus = usePermission((s) => s.menus);
  const menuRoutes = usePermission((s) => s.routes);
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const route = content.kind === 'page' ? content.route : undefined;

  useScreenLock();
  useEffect(() => listenToTabEvents(), []);
  // SPEC section 7: dictionaries are loaded when the tab view is created (errors stay quiet).
  useEffect(() => {
    void useDict
      .getState()
      .preload()
      .catch(() => undefined);
  }, []);

  // The server names records in the reader's language (sample types, temperatures, …): answers
  // loaded in the other language are asked again, those on screen at once (docs/console.md, Languages).
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', reload);
    return () => i18n.off('languageChanged', reload);
  }, [i18n]);

  // The user's pages download while the browser is idle: a first menu click then only renders.
  useEffect(() => preloadPagesWhenIdle(menuRoutes.map((route) => route.fullPath)), [menuRoutes]);
  // And the page kit's antd styles are computed then, off the document (KitWarmup).
  const [warmupHost, setWarmupHost] = useState<HTMLElement | null>(null);
  useEffect(() => whenIdle(() => setWarmupHost(document.createElement('div'))), []);

  // Tabs are saved to session storage on unload and restored here (SPEC section 2).
  useEffect(() => {
    const openable = new Set(usePermission.getState().routes.map((r) => r.fullPath));
    if (useTabs.getState().tabs.length === 0) useTabs.getState().restore((path) => openable.has(path));
    const save = () => useTabs.getState().save();
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // Every navigation: tab, last route, page title, version check.
  useEffect(() => {
    const fullPath = `${location.pathname}${location.search}`;
    if (route) {
      useTabs.getState().open(
        {
          path: route.fullPath,
          fullPath,
          title: `menu.${route.fullPath}`,
          unclose: route.unclosable,
          noCache: route.noCache,
        },
        { multiPage: settings.multiPage, cachePage: settings.cachePage },
      );
    }
    if (location.pathname !== '/') writeText(STORAGE_KEYS.lastRoute, fullPath, 'session');
    void promptIfNewVersion(modal, t);
    // Another console may have changed a dictionary: the cached ones are dropped when so.
    void useDict
      .getState()
      .checkRevision()
      .catch(() => undefined);
  }, [location.pathname, location.search, route, settings.multiPage, settings.cachePage, modal, t]);

  const title = route ? textOf(`menu.${route.fullPath}`) : content.kind === 'forbidden' ? '403' : '404';
  useEffect(() => {
    document.title = `${APP_SHORT_NAME} - ${title}`;
  }, [title]);

  const selectedPath = route?.highlight ?? location.pathname;
  const items = useMemo(() => toMenuItems(menus, textOf, i18n.language), [menus, t, i18n.language]);
  const topPath = `/${selectedPath.split('/')[1] ?? ''}`;
  const sideMenus =
    settings.layout === 'mix' ? (menus.find((m) => m.fullPath === topPath)?.children ?? []) : menus;
  const sideItems = useMemo(
    () => (settings.layout === 'mix' ? toMenuItems(sideMenus, textOf, i18n.language, 1) : items),
    [settings.layout, sideMenus, items, t, i18n.language],
  );
  const topItems = useMemo(
    () =>
      toMenuItems(
        menus.map((node) => ({ ...node, children: [] })),
        textOf,
        i18n.language,
      ),
    [menus, t, i18n.language],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(selectedPath, menus));
  useEffect(() => {
    // The same array when nothing opens: a new one would render the whole layout again.
    setOpenKeys((keys) => {
      const added = openKeysFor(selectedPath, menus).filter((key) => !keys.includes(key));
      return added.length > 0 ? [...keys, ...added] : keys;
    });
  }, [selectedPath, menus]);

  // The page's first query runs while its chunk downloads; the navigation waits for the chunk
  // (see pageReady). Only the last click navigates when several chunks are on their way.
  const lastClicked = useRef('');
  const openPage = (path: string) => {
    prefetchPageQuery(queryClient, path);
    lastClicked.current = path;
    void pageReady(path).then(() => {
      if (lastClicked.current === path) navigate(path);
    });
  };
  const onMenuClick = ({ key }: { key: string }) => {
    setDrawerOpen(false);
    if (key.startsWith('http')) return;
    openPage(key);
  };
  const onTopMenuClick = ({ key }: { key: string }) => {
    const leaf = firstLeafUnder(menus, key);
    if (leaf) openPage(leaf);
  };

  const sideMenu = (
    <Menu
      mode="inline"
      theme={settings.theme.mode === 'light' ? 'light' : 'dark'}
      items={sideItems}
      selectedKeys={[selectedPath]}
      openKeys={settings.collapsed && !isMobile ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={onMenuClick}
      data-testid="side-menu"
    />
  );
  const logo = (collapsed: boolean) => (
    <Link
      to={HOME_PATH}
      data-testid="logo"
      style={{
        display: 'flex',
        alignItems: 'center',
        height: HEADER_HEIGHT,
        padding: '0 20px',
        color: settings.theme.mode === 'light' ? '#000' : '#fff',
        fontWeight: 600,
        fontSize: 18,
        whiteSpace: 'nowrap',
      }}
    >
      {collapsed ? 'T' : APP_SHORT_NAME}
    </Link>
  );

  const showSide =
    !isMobile && settings.layout !== 'head' && (settings.layout === 'side' || sideMenus.length > 0);
  const headerMenu =
    !isMobile && settings.layout !== 'side' ? (
      <Menu
        mode="horizontal"
        items={settings.layout === 'head' ? items : topItems}
        selectedKeys={settings.layout === 'head' ? [selectedPath] : [topPath]}
        onClick={settings.layout === 'head' ? onMenuClick : onTopMenuClick}
        style={{ flex: 1, minWidth: 0, borderBottom: 0, lineHeight: `${HEADER_HEIGHT}px` }}
        data-testid="top-menu"
      />
    ) : undefined;

  return (
    <QueryClientProvider client={queryClient}>
      <Layout
        style={{ minHeight: '100vh', filter: settings.weekMode ? 'grayscale(1)' : undefined }}
        data-layout={settings.layout}
      >
        {showSide && (
          <Layout.Sider
            width={SIDE_MENU_WIDTH}
            collapsedWidth={SIDE_MENU_COLLAPSED_WIDTH}
            collapsed={settings.collapsed}
            theme={settings.theme.mode === 'light' ? 'light' : 'dark'}
            style={
              settings.fixedSideBar
                ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }
                : undefined
            }
            data-testid="sider"
          >
            {logo(settings.collapsed)}
            {sideMenu}
          </Layout.Sider>
        )}
        {isMobile && (
          <Drawer
            open={drawerOpen}
            placement="left"
            onClose={() => setDrawerOpen(false)}
            size={SIDE_MENU_WIDTH}
            styles={{ body: { padding: 0, background: '#001529' } }}
            closable={false}
          >
            {logo(false)}
            {sideMenu}
          </Drawer>
        )}
        <Layout>
          <Layout.Header
            style={{
              height: HEADER_HEIGHT,
              lineHeight: `${HEADER_HEIGHT}px`,
              padding: 0,
              background: settings.theme.mode === 'night' ? undefined : '#fff',
              position: settings.fixedHeader ? 'sticky' : undefined,
              top: 0,
              zIndex: 10,
            }}
          >
            <HeaderBar
              route={route}
              collapsed={isMobile ? !drawerOpen : settings.collapsed}
              showCollapse={isMobile || showSide}
              onToggle={() =>
                isMobile ? setDrawerOpen(true) : settings.update({ collapsed: !settings.collapsed })
              }
              onSettings={() => setSettingsOpen(true)}
              menu={settings.layout === 'head' || settings.layout === 'mix' ? headerMenu : undefined}
              extra={bridgeIndicator}
            />
          </Layout.Header>
          {settings.multiPage && (
            <div
              style={{
                padding: '6px 16px 0',
                background: settings.theme.mode === 'night' ? undefined : '#fff',
                position: settings.fixedTabs ? 'sticky' : undefined,
                top: settings.fixedHeader ? HEADER_HEIGHT : 0,
                zIndex: 9,
              }}
            >
              <TabsBar active={route?.fullPath} />
            </div>
          )}
          <Layout.Content
            style={{
              margin: 16,
              minHeight: `calc(100vh - ${HEADER_HEIGHT}px)`,
              maxWidth: settings.pageWidth === 'fixed' ? 1200 : undefined,
              width: settings.pageWidth === 'fixed' ? '100%' : undefined,
              alignSelf: settings.pageWidth === 'fixed' ? 'center' : undefined,
            }}
            data-testid="page-content"
          >
            {content.kind === 'forbidden' ? (
              <ForbiddenPage />
            ) : content.kind === 'notFound' ? (
              <NotFoundPage />
            ) : (
              <KeepAliveOutlet />
            )}
          </Layout.Content>
        </Layout>
        <SettingsDrawer open={settingsOpen} onClose={closeSettings} />
        <LockDialog />
        {warmupHost &&
          createPortal(
            <Suspense fallback={null}>
              <KitWarmup />
            </Suspense>,
            warmupHost,
          )}
      </Layout>
    </QueryClientProvider>
  );
}

/** One check at a time, and one dialog per new version. */
let versionCheck: { running: boolean; shown: string | null } = { running: false, shown: null };

async function promptIfNewVersion(modal: ReturnType<typeof App.useApp>['modal'], t: TFunction) {
  if (versionCheck.running) return;
  versionCheck.running = true;
  try {
    const version = await newerVersion();
    if (!version || versionCheck.shown === version) return;
    versionCheck = { ...versionCheck, shown: version };
    modal.confirm({
      title: t('version.title'),
      content: t('version.content'),
      okText: t('version.refresh'),
      cancelText: t('version.later'),
      onOk: () => window.location.reload(),
    });
  } finally {
    versionCheck.running = false;
  }
}
