import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from '../utils/storage';

export type ThemeMode = 'dark' | 'light' | 'night';
export type LayoutMode = 'side' | 'head' | 'mix';

/** The eight colours of the theme palette (SPEC section 9); teal first, the default. */
export const THEME_PALETTE = [
  '#13a8a8',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#f5222d',
  '#fa8c16',
  '#52c41a',
] as const;

export interface Settings {
  theme: { mode: ThemeMode; color: string };
  layout: LayoutMode;
  multiPage: boolean;
  cachePage: boolean;
  fixedHeader: boolean;
  fixedSideBar: boolean;
  fixedTabs: boolean;
  pageWidth: 'fluid' | 'fixed';
  weekMode: boolean;
  animation: boolean;
  collapsed: boolean;
}

/** SPEC section 3 defaults: dark, side layout, fixed header, multi-page, animation off. */
export const DEFAULT_SETTINGS: Settings = {
  theme: { mode: 'dark', color: THEME_PALETTE[0] },
  layout: 'side',
  multiPage: true,
  cachePage: true,
  fixedHeader: true,
  fixedSideBar: true,
  fixedTabs: true,
  pageWidth: 'fluid',
  weekMode: false,
  animation: false,
  collapsed: false,
};

const MODES: readonly ThemeMode[] = ['dark', 'light', 'night'];
const LAYOUTS: readonly LayoutMode[] = ['side', 'head', 'mix'];

/** Reads admin.setting, keeping only valid values (an old or hand-edited entry cannot break the UI). */
export function sanitiseSettings(raw: unknown): Settings {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<
    Record<keyof Settings, unknown>
  >;
  const theme = (typeof value.theme === 'object' && value.theme !== null ? value.theme : {}) as Record<
    string,
    unknown
  >;
  const bool = (key: keyof Settings) =>
    typeof value[key] === 'boolean' ? (value[key] as boolean) : (DEFAULT_SETTINGS[key] as boolean);
  return {
    theme: {
      mode: MODES.includes(theme.mode as ThemeMode) ? (theme.mode as ThemeMode) : DEFAULT_SETTINGS.theme.mode,
      color:
        typeof theme.color === 'string' && /^#[0-9a-f]{6}$/i.test(theme.color)
          ? theme.color
          : DEFAULT_SETTINGS.theme.color,
    },
    layout: LAYOUTS.includes(value.layout as LayoutMode)
      ? (value.layout as LayoutMode)
      : DEFAULT_SETTINGS.layout,
    multiPage: bool('multiPage'),
    cachePage: bool('cachePage'),
    fixedHeader: bool('fixedHeader'),
    fixedSideBar: bool('fixedSideBar'),
    fixedTabs: bool('fixedTabs'),
    pageWidth: value.pageWidth === 'fixed' ? 'fixed' : 'fluid',
    weekMode: bool('weekMode'),
    animation: bool('animation'),
    collapsed: bool('collapsed'),
  };
}

interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
}

export const useSettings = create<SettingsState>((set, get) => ({
  ...sanitiseSettings(readJson(STORAGE_KEYS.setting, {})),
  update(patch) {
    set(patch);
    const { update: _update, ...settings } = { ...get() };
    writeJson(STORAGE_KEYS.setting, settings);
  },
}));
