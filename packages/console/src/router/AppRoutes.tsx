import { Spin } from 'antd';
import type { ParseKeys } from 'i18next';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import LoginPage from '../pages/login';
import { loadAccess } from '../session/actions';
import { useSessionSync } from '../session/useSessionSync';
import { usePermission } from '../stores/permission';
import { isLoggedIn, useSession } from '../stores/session';
import { feedback } from '../utils/feedback';
import { registerNavigate } from '../utils/navigation';
import { readText, STORAGE_KEYS } from '../utils/storage';
import type { AppRoute } from './buildRoutes';
import { decide, pageTitle } from './guard';
import { PAGE_LOADERS, pageComponent } from './pageMap';

const PasswordDialog = lazy(() =>
  import('../components/PasswordDialog').then((m) => ({ default: m.PasswordDialog })),
);

/** The tabbed shell is its own chunk: /login does not download it. */
const BasicLayout = lazy(() => import('../layouts/BasicLayout').then((m) => ({ default: m.BasicLayout })));

function loaderOf(path: string) {
  const loader = PAGE_LOADERS.get(path);
  if (!loader) throw new Error(`page ${path} is missing`);
  return lazy(loader);
}

/** Login-free pages outside the layout. */
const PUBLIC_PAGES: Record<string, { component: ComponentType; titleKey: ParseKeys }> = {
  // Eager: the page most visits start on renders with the first bundle.
  '/login': { component: LoginPage, titleKey: 'menu./login' },
  '/frontend-test': { component: loaderOf('/frontend-test'), titleKey: 'menu./frontend-test' },
  '/create-pdf': { component: loaderOf('/create-pdf'), titleKey: 'menu./create-pdf' },
  '/403': { component: loaderOf('/exception/403'), titleKey: 'menu./403' },
  '/404': { component: loaderOf('/exception/404'), titleKey: 'menu./404' },
};

const fullScreenSpin = (
  <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
    <Spin size="large" />
  </div>
);

function Suspended({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fullScreenSpin}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** Applies the SPEC section 2 access rules to the current location. */
function Gate() {
  const { t } = useTranslation();
  const location = useLocation();
  const loaded = usePermission((s) => s.loaded);
  const routes = usePermission((s) => s.routes);
  const firstPath = usePermission((s) => s.firstPath);
  const [loadFailed, setLoadFailed] = useState(false);
  const passwordChange = useSession((s) => s.passwordChange);
  const decision = decide({
    path: location.pathname,
    loggedIn: isLoggedIn(),
    loaded,
    routes,
    firstPath,
    lastRoute: readText(STORAGE_KEYS.lastRoute, 'session'),
  });

  useEffect(() => {
    if (decision.kind !== 'load' || loadFailed || passwordChange) return;
    loadAccess().catch(() => setLoadFailed(true));
  }, [decision.kind, loadFailed, passwordChange]);
  useEffect(() => {
    if (decision.kind === 'redirect' && decision.messageKey) feedback.warning(t(decision.messageKey));
  }, [decision, t]);

  const publicPage = PUBLIC_PAGES[location.pathname];
  useEffect(() => {
    if (publicPage) document.title = pageTitle(t(publicPage.titleKey));
  }, [publicPage, t]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') {
    // A password change is pending (first login or expiry): the server allows nothing else yet.
    if (passwordChange) {
      return (
        <Suspended>
          <PasswordDialog open reason={passwordChange.reason} expireDays={passwordChange.expireDays} />
        </Suspended>
      );
    }
    if (!loadFailed) return fullScreenSpin;
    const Forbidden = PUBLIC_PAGES['/403']?.component;
    return Forbidden ? (
      <Suspended>
        <Forbidden />
      </Suspended>
    ) : null;
  }
  if (publicPage && decision.kind === 'allow') {
    const Page = publicPage.component;
    return (
      <Suspended>
        <Page />
      </Suspended>
    );
  }
  const content =
    decision.kind === 'allow' && decision.route
      ? ({ kind: 'page', route: decision.route } as const)
      : ({ kind: decision.kind === 'forbidden' ? 'forbidden' : 'notFound' } as const);
  return (
    <Suspended>
      <BasicLayout content={content} />
    </Suspended>
  );
}

function PageHost({ route }: { route: AppRoute }) {
  const Page = pageComponent(route.fullPath);
  return (
    <ChunkErrorBoundary>
      <Page />
    </ChunkErrorBoundary>
  );
}

export function AppRoutes() {
  const navigate = useNavigate();
  const routes = usePermission((s) => s.routes);
  useSessionSync();
  useEffect(() => {
    registerNavigate((to, options) => navigate(to, options));
    return () => registerNavigate(undefined);
  }, [navigate]);

  const table = useMemo<RouteObject[]>(
    () => [
      {
        path: '/',
        element: <Gate />,
        children: [
          ...routes.map((route) => ({ path: route.fullPath, element: <PageHost route={route} /> })),
          { path: '*', element: null },
        ],
      },
    ],
    [routes],
  );
  return useRoutes(table);
}
