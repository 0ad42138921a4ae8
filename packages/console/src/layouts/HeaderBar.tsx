import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Button, Dropdown, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatTime } from '../components/format';
import { LangSwitch } from '../components/LangSwitch';
import { t as textOf } from '../locales';
import type { AppRoute } from '../router/buildRoutes';
import { logout } from '../session/actions';
import { useSession } from '../stores/session';

interface HeaderBarProps {
  route: AppRoute | undefined;
  collapsed: boolean;
  showCollapse: boolean;
  onToggle(): void;
  onSettings(): void;
  /** Head and mix layouts put a horizontal menu here. */
  menu?: ReactNode;
  extra?: ReactNode;
}

/** Header: collapse, breadcrumb, login time, failed-login count, language, avatar menu (SPEC section 1). */
export function HeaderBar({
  route,
  collapsed,
  showCollapse,
  onToggle,
  onSettings,
  menu,
  extra,
}: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((s) => s.user);

  const crumbs = route
    ? [...route.parents, route.fullPath].map((path) => ({ title: textOf(`menu.${path}`) }))
    : [];

  const confirmLogout = () =>
    modal.confirm({
      title: t('session.logout'),
      content: t('session.logoutConfirm'),
      okText: t('components.ok'),
      cancelText: t('components.cancel'),
      onOk: () => logout(),
    });

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, height: '100%', padding: '0 16px' }}>
      {showCollapse && (
        <Button
          type="text"
          aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
      )}
      {menu ?? <Breadcrumb items={crumbs} data-testid="breadcrumb" />}
      <div style={{ flex: 1 }} />
      <Space size="middle" wrap={false}>
        {extra}
        {user && (
          // Two short lines keep room for the horizontal menu of the head and mix layouts.
          <div style={{ display: 'grid', lineHeight: '18px', fontSize: 12, whiteSpace: 'nowrap' }}>
            {user.loginDate && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="login-time">
                {t('layout.loginTime')}: {formatTime(user.loginDate)}
              </Typography.Text>
            )}
            <Typography.Text
              type={user.loginFailCount > 0 ? 'danger' : 'secondary'}
              style={{ fontSize: 12 }}
              data-testid="fail-count"
            >
              {t('layout.failCount')}: {user.loginFailCount}
            </Typography.Text>
          </div>
        )}
        <LangSwitch />
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('layout.settings')}
          onClick={onSettings}
        />
        <Dropdown
          menu={{
            items: [
              { key: 'personal', icon: <UserOutlined />, label: t('layout.personalCenter') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
            ],
            onClick: ({ key }) => {
              if (key === 'personal') navigate('/personal/account');
              else confirmLogout();
            },
          }}
        >
          <Space style={{ cursor: 'pointer' }} data-testid="avatar-menu">
            <Avatar size="small" src={user?.avatar ?? undefined} icon={<UserOutlined />} />
            <span>{user?.username}</span>
          </Space>
        </Dropdown>
      </Space>
    </div>
  );
}
