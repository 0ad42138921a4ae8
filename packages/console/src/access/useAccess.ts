import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { subjectOf, usePermission } from '../stores/permission';
import { useSession } from '../stores/session';
import {
  type AccessSubject,
  type Authority,
  canAccess,
  canOperate,
  hasAnyPermission,
  isAllowed,
} from './access';

/** The current user's access, as a hook over the pure functions of access.ts. */
export function useAccess() {
  const permissions = usePermission((s) => s.permissions);
  const roles = usePermission((s) => s.roles);
  const routes = usePermission((s) => s.routes);
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  const subject: AccessSubject = useMemo(() => subjectOf(permissions, roles), [permissions, roles]);
  const routeAuthority = routes.find((route) => route.fullPath === pathname)?.authority;

  return useMemo(
    () => ({
      subject,
      can: (authority: Authority | undefined) => canAccess(authority, subject),
      hasAny: (codes: readonly string[]) => hasAnyPermission(subject, codes),
      /** The auth directive: is the operation in the current route's operation list? */
      canOperate: (operation: string, authority: Authority | undefined = routeAuthority) =>
        canOperate(authority, operation, subject),
      isAllowed: (values: readonly unknown[], field = 'id') =>
        isAllowed(user as Record<string, unknown> | null, values, field),
    }),
    [subject, routeAuthority, user],
  );
}

/**
 * Guarded methods (SPEC section 6): wraps a handler so that without the permission it shows
 * 对不起，您没有操作权限：{operation} instead of running.
 */
export function useGuard() {
  const access = useAccess();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    <A extends unknown[]>(permission: string, operation: string, handler: (...args: A) => void) =>
      (...args: A) => {
        if (access.hasAny([permission])) handler(...args);
        else message.error(t('access.denied', { operation }));
      },
    [access, message, t],
  );
}
