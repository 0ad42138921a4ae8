import { Tabs, type TabsProps } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useAccess } from '../../access/useAccess';
import { TAB_PERMISSION_ACTIVATE_MS } from '../../config';

/** An in-page tab title (SPEC section 3: label, value, permission). */
export interface TabTitle {
  label: ReactNode;
  value: string;
  permission?: string;
  children?: ReactNode;
}

/** Only the allowed titles, in order. */
export function allowedTabs<T extends TabTitle>(
  items: readonly T[],
  holds: (permission: string) => boolean,
): T[] {
  return items.filter((item) => !item.permission || holds(item.permission));
}

export interface PermissionTabsProps extends Omit<TabsProps, 'items' | 'activeKey' | 'onChange'> {
  items: readonly TabTitle[];
  activeKey: string | undefined;
  onChange(key: string): void;
}

/**
 * In-page tabs (SPEC section 2): a tab with a permission is hidden from users who lack it; when
 * the active tab is hidden the first allowed one is activated after 100 ms.
 */
export function PermissionTabs({ items, activeKey, onChange, ...rest }: PermissionTabsProps) {
  const access = useAccess();
  const visible = useMemo(() => allowedTabs(items, (p) => access.hasAny([p])), [items, access]);
  const first = visible[0]?.value;
  const activeAllowed = visible.some((item) => item.value === activeKey);

  useEffect(() => {
    if (activeAllowed || first === undefined) return;
    const timer = setTimeout(() => onChange(first), TAB_PERMISSION_ACTIVATE_MS);
    return () => clearTimeout(timer);
  }, [activeAllowed, first, onChange]);

  return (
    <Tabs
      {...rest}
      activeKey={activeAllowed ? activeKey : undefined}
      onChange={onChange}
      items={visible.map((item) => ({ key: item.value, label: item.label, children: item.children }))}
    />
  );
}
