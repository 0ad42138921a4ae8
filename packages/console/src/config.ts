/** Product-wide constants of the console (SPEC sections 2, 4 and 9). */
export const APP_SHORT_NAME = 'Trialab';
export const TITLE_SEPARATOR = ' - ';

export const HTTP_TIMEOUT_MS = 5 * 60 * 1000;
export const LOCK_AFTER_MS = 30 * 60 * 1000;
export const LOGOUT_AFTER_LOCK_MS = 30 * 60 * 1000;
export const MAX_WRONG_LOCK_PASSWORDS = 3;
export const CROSS_TAB_DELAY_MS = 1000;

export const MAX_CACHED_PAGES = 5;
export const SIDE_MENU_WIDTH = 300;
export const SIDE_MENU_COLLAPSED_WIDTH = 80;
export const HEADER_HEIGHT = 56;
export const TAB_LOCK_DELAY_MS = 200;
export const TAB_REFRESH_ACTIVE_MS = 200;
export const TAB_REFRESH_OTHER_MS = 500;
export const TAB_PERMISSION_ACTIVATE_MS = 100;
export const MOBILE_MAX_WIDTH = 767.98;

export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const STATIC_TABLE_PAGE_SIZE = 5;
export const PERMISSION_FETCH_SIZE = 99999;
export const REMOTE_SELECT_PAGE_SIZE = 100;
export const REMOTE_SELECT_DEBOUNCE_MS = 500;
export const REMOTE_SELECT_SCROLL_THRESHOLD = 25;
export const DICT_PAGE_SIZE = 99;
export const RESIZE_DEBOUNCE_MS = 500;

export const TABLE_SIZES = {
  headerRow: 46,
  pagination: 50,
  bottomOffset: 30,
  columnWidth: 150,
  /**
   * The width each kind of column gets (its minimum on one line): a table wider than its box
   * scrolls sideways rather than squash a column (components/DataTable/sizing.ts `fitColumns`).
   */
  kind: { status: 110, time: 170, date: 110, code: 130, name: 160, count: 80, actions: 120 },
  selectColumnWidth: 50,
  treeIndent: 15,
  sectionBottomOffset: 10,
} as const;
export const VIEW_MODAL_SIZES = { header: 52, footer: 53, margins: 80 } as const;
/**
 * Every dialog's body scrolls within the window (App.tsx's ConfigProvider): the window less the
 * dialog's top offset (100), head (52), foot (53), padding (40) and a bottom margin (15). A long
 * form (a new account) keeps its head and its OK button on screen.
 */
export const DIALOG_BODY_MAX_HEIGHT = 'calc(100vh - 260px)';
export const CONFIRM_DIALOG_WIDTH = 360;
export const IMAGE_PREVIEW_COLUMNS = 3;
export const NUMBER_DEFAULT_DIGITS = 2;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The class antd sets the theme's CSS variables on (App's ConfigProvider, /login's STATIC_STYLES). */
export const APP_CSS_VAR_KEY = 'css-var-app';
