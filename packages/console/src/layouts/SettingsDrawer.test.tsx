import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from '../stores/settings';
import { registerFeedback } from '../utils/feedback';
import { STORAGE_KEYS } from '../utils/storage';
import { SettingsDrawer } from './SettingsDrawer';

/** The loading messages the drawer shows (utils/feedback), and whether each was hidden again. */
const loading: { text: string; hidden: boolean }[] = [];
const unregister = registerFeedback({
  message: {
    loading: (text: string) => {
      const shown = { text, hidden: false };
      loading.push(shown);
      return () => {
        shown.hidden = true;
      };
    },
  } as unknown as MessageInstance,
  modal: {} as HookAPI,
});
afterEach(unregister);

describe('SettingsDrawer', () => {
  it('applies a theme and a colour of the eight behind a loading message, and week mode; all kept in admin.setting', async () => {
    render(<SettingsDrawer open onClose={() => undefined} />);
    const drawer = screen.getByRole('dialog');

    fireEvent.click(within(drawer).getByText('夜间', { exact: true }));
    expect(loading).toEqual([{ text: '正在切换主题…', hidden: false }]);
    await waitFor(() => expect(useSettings.getState().theme.mode).toBe('night'));
    await waitFor(() => expect(loading[0]?.hidden).toBe(true));

    const palette = within(drawer).getByTestId('theme-palette').querySelectorAll('button');
    expect(palette).toHaveLength(8);
    fireEvent.click(within(drawer).getByRole('button', { name: '#722ed1' }));
    expect(loading).toHaveLength(2);
    await waitFor(() => expect(useSettings.getState().theme).toEqual({ mode: 'night', color: '#722ed1' }));

    const weekMode = within(drawer).getByText('灰色模式').parentElement?.querySelector('.ant-switch');
    if (!weekMode) throw new Error('no week mode switch');
    fireEvent.click(weekMode);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.setting) ?? '{}')).toMatchObject({
      theme: { mode: 'night', color: '#722ed1' },
      weekMode: true,
    });
  });
});
