import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Radio, Space, Switch, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Settings, THEME_PALETTE, type ThemeMode, useSettings } from '../stores/settings';
import { feedback } from '../utils/feedback';

/** Theme or colour changes show a loading message until applied (SPEC section 4). */
export function applyThemeChange(patch: Partial<Settings>, loadingText: string): void {
  const hide = feedback.loading(loadingText);
  // Let the message paint first, then re-theme (antd regenerates every component's styles), and
  // hide it once the new theme has been painted (two frames later).
  requestAnimationFrame(() =>
    setTimeout(() => {
      useSettings.getState().update(patch);
      requestAnimationFrame(() => requestAnimationFrame(() => hide()));
    }, 0),
  );
}

/** Memoised: the layout re-renders on every navigation, the drawer only when opened or closed. */
export const SettingsDrawer = memo(function SettingsDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const toggle = (key: keyof Settings, label: string) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
      <span>{label}</span>
      <Switch
        size="small"
        checked={Boolean(settings[key])}
        onChange={(value) => settings.update({ [key]: value } as Partial<Settings>)}
      />
    </div>
  );
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={320}>
      <Typography.Text strong>{t('settings.theme')}</Typography.Text>
      <Radio.Group
        style={{ display: 'block', margin: '8px 0 16px' }}
        value={settings.theme.mode}
        onChange={(e) =>
          applyThemeChange(
            { theme: { ...settings.theme, mode: e.target.value as ThemeMode } },
            t('settings.switching'),
          )
        }
        options={[
          { value: 'dark', label: t('settings.themeDark') },
          { value: 'light', label: t('settings.themeLight') },
          { value: 'night', label: t('settings.themeNight') },
        ]}
      />
      <Typography.Text strong>{t('settings.color')}</Typography.Text>
      <Space wrap style={{ margin: '8px 0 16px' }} data-testid="theme-palette">
        {THEME_PALETTE.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={color}
            onClick={() => applyThemeChange({ theme: { ...settings.theme, color } }, t('settings.switching'))}
            style={{
              width: 24,
              height: 24,
              border: 0,
              borderRadius: 4,
              background: color,
              color: '#fff',
              cursor: 'pointer',
            }}
          >
            {settings.theme.color === color && <CheckOutlined />}
          </button>
        ))}
      </Space>
      <Typography.Text strong>{t('settings.layout')}</Typography.Text>
      <Radio.Group
        style={{ display: 'block', margin: '8px 0 16px' }}
        value={settings.layout}
        onChange={(e) => settings.update({ layout: e.target.value })}
        options={[
          { value: 'side', label: t('settings.layoutSide') },
          { value: 'head', label: t('settings.layoutHead') },
          { value: 'mix', label: t('settings.layoutMix') },
        ]}
      />
      <Divider />
      {toggle('multiPage', t('settings.multiPage'))}
      {toggle('cachePage', t('settings.cachePage'))}
      {toggle('fixedHeader', t('settings.fixedHeader'))}
      {toggle('fixedSideBar', t('settings.fixedSideBar'))}
      {toggle('fixedTabs', t('settings.fixedTabs'))}
      {toggle('weekMode', t('settings.weekMode'))}
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{t('settings.pageWidth')}</span>
        <Radio.Group
          size="small"
          value={settings.pageWidth}
          onChange={(e) => settings.update({ pageWidth: e.target.value })}
          options={[
            { value: 'fluid', label: t('settings.pageWidthFluid') },
            { value: 'fixed', label: t('settings.pageWidthFixed') },
          ]}
        />
      </div>
    </Drawer>
  );
});
