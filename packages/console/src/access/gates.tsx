import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Authority } from './access';
import { useAccess } from './useAccess';

/** Permission directive: renders children only when the user holds one of the permissions. */
export function Permission({ value, children }: { value: readonly string[]; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useAccess();
  if (value.length === 0) throw new Error(t('access.missingValue'));
  return access.hasAny(value) ? children : null;
}

/** Authority gate for any route-style authority (string or { permission, role }). */
export function Authorized({
  authority,
  children,
  fallback = null,
}: {
  authority: Authority;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAccess().can(authority) ? children : fallback;
}

/** Allow directive: keeps children only when the user's field (id by default) is among the values. */
export function Allow({
  values,
  field,
  children,
}: {
  values: readonly unknown[];
  field?: string;
  children: ReactNode;
}) {
  return useAccess().isAllowed(values, field) ? children : null;
}

/** Reject directive: the opposite of Allow. */
export function Reject({
  values,
  field,
  children,
}: {
  values: readonly unknown[];
  field?: string;
  children: ReactNode;
}) {
  return useAccess().isAllowed(values, field) ? null : children;
}

/**
 * Auth directive: disables its button (title 无此权限) when the operation is not in the current
 * route's permission or role operation list.
 */
export function Auth({
  operation,
  authority,
  children,
}: {
  operation: string;
  authority?: Authority;
  children: ReactElement<{ disabled?: boolean; title?: string }>;
}) {
  const { t } = useTranslation();
  const allowed = useAccess().canOperate(operation, authority);
  if (allowed || !isValidElement(children)) return children;
  return cloneElement(children, { disabled: true, title: t('access.disabledTitle') });
}
