import { type ThemeConfig, theme } from 'antd';
import type { ThemeMode } from './stores/settings';

/** WCAG 2.1 AA for normal-size text (1.4.3). */
export const MIN_CONTRAST = 4.5;

const WHITE = '#ffffff';
/** The content backgrounds text sits on: colorBgContainer and colorBgLayout of each algorithm. */
export const BACKGROUNDS = {
  light: { container: '#ffffff', layout: '#f5f5f5' },
  night: { container: '#141414', layout: '#000000' },
} as const;

/** WCAG 2.1 AA for graphical objects (1.4.11): a chart's bars against the page. */
export const MIN_GRAPHIC_CONTRAST = 3;

/**
 * The charts' one palette: the Okabe-Ito colours (told apart with every common colour-vision
 * deficiency), their lightness moved just enough to stand at 3:1 against the light content of the
 * dark and light themes and the night theme's dark one alike (theme.test.ts checks it). Charts never
 * rely on colour alone: each series also has its pattern (decal), its name in the legend and its
 * numbers in the table beside.
 */
export const CHART_PALETTE = [
  '#0072b2', // blue
  '#d55e00', // vermillion
  '#009e73', // bluish green
  '#c972a2', // reddish purple
  '#bd8300', // orange
  '#1c93d7', // sky blue
] as const;

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** A colour of `alpha` over an opaque background, as antd's rgba text tokens are painted. */
export function over(hex: string, alpha: number, background: string): string {
  const top = toRgb(hex);
  const bottom = toRgb(background);
  return toHex(top.map((c, i) => c * alpha + (bottom[i] as number) * (1 - alpha)) as Rgb);
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * The colour nearest to `hex` (same hue and saturation, lightness moved one percent at a time towards
 * black, or towards white with `lighten`) for which `passes` holds.
 */
export function adjust(hex: string, passes: (candidate: string) => boolean, lighten = false): string {
  const [h, s, l] = toHsl(toRgb(hex));
  for (let step = 0; step <= 100; step++) {
    const lightness = Math.min(1, Math.max(0, l + (lighten ? step : -step) / 100));
    const candidate = toHex(fromHsl([h, s, lightness]));
    if (passes(candidate)) return candidate;
  }
  return lighten ? WHITE : '#000000';
}

/**
 * A hovered or pressed state's colour: `percent` of lightness darker than `base` (lighter with
 * `lighten`), further while `passes` does not hold. A pointer resting on a button shows this state.
 */
function stateShade(base: string, percent: number, passes: (c: string) => boolean, lighten = false): string {
  const lightness = (hex: string) => toHsl(toRgb(hex))[2];
  const from = lightness(base);
  return adjust(base, (c) => Math.abs(lightness(c) - from) >= percent / 100 - 1e-9 && passes(c), lighten);
}

/** The smallest opacity (in hundredths) of `text` over `background` that reaches `ratio`. */
function readableAlpha(text: string, backgrounds: readonly string[], from: number): number {
  for (let alpha = from; alpha < 1; alpha += 0.01) {
    const rounded = Math.round(alpha * 100) / 100;
    if (backgrounds.every((bg) => contrast(over(text, rounded, bg), bg) >= MIN_CONTRAST)) return rounded;
  }
  return 1;
}

/** Headroom for the night theme's tinted backgrounds (a hovered or selected item). */
const TINT_MARGIN = 1.1;
/** @ant-design/colors' dark palette paints a seed's main shade at 85 % over the background. */
const DARK_PALETTE_ALPHA = 0.85;

/**
 * The antd theme of a mode and palette colour, with the text and the primary colour at WCAG AA by
 * construction (theme.test.ts checks every palette colour in every mode):
 * - colorPrimary carries white text (primary buttons, the selected item of the dark side menu), so it
 *   is the palette colour darkened until white on it reaches 4.5:1; on the light backgrounds the same
 *   colour is then readable as text, also on the tint (colorPrimaryBg) of a selected item.
 * - On the night theme's dark backgrounds primary-coloured text (links, the selected tab, page
 *   numbers) uses a lightened variant instead.
 * - Secondary texts (descriptions, placeholders) are antd's greys made just dark (or light) enough.
 */
export function themeConfig(mode: ThemeMode, color: string, animation: boolean): ThemeConfig {
  const night = mode === 'night';
  const { container, layout } = night ? BACKGROUNDS.night : BACKGROUNDS.light;
  // antd derives the selected item's tint from the (darkened) primary, a grey for the darker
  // colours: the tint is the palette colour's own, and the primary is readable on it as well.
  const tint = over(color, 0.1, WHITE);
  const primary = adjust(
    color,
    (c) => contrast(WHITE, c) >= MIN_CONTRAST && (night || contrast(c, tint) >= MIN_CONTRAST),
  );
  // A primary button's background under white text, hovered and pressed: darker than the primary.
  const carriesWhite = (c: string) => contrast(WHITE, c) >= MIN_CONTRAST;
  const primaryHover = stateShade(primary, 6, carriesWhite);
  const primaryActive = stateShade(primary, 12, carriesWhite);
  const textBase = night ? WHITE : '#000000';
  const tertiary = readableAlpha(textBase, [container, layout], 0.45);
  const textTertiary = `rgba(${toRgb(textBase).join(', ')}, ${tertiary})`;
  const token: ThemeConfig['token'] = {
    colorPrimary: primary,
    colorPrimaryHover: primaryHover,
    colorPrimaryActive: primaryActive,
    colorTextTertiary: textTertiary,
    colorTextDescription: textTertiary,
    colorTextPlaceholder: textTertiary,
    motion: animation,
  };
  if (!night) {
    return {
      algorithm: theme.defaultAlgorithm,
      token: {
        ...token,
        ...statusColours(false),
        ...presetTextColours(false),
        colorLink: primary,
        // A link's and a default button's text, hovered and pressed: the primary's darker states.
        colorLinkHover: primaryHover,
        colorLinkActive: primaryActive,
        colorPrimaryBg: tint,
        colorPrimaryBgHover: over(color, 0.2, WHITE),
      },
    };
  }
  const readableOnNight = (c: string) =>
    contrast(c, container) >= MIN_CONTRAST * TINT_MARGIN && contrast(c, layout) >= MIN_CONTRAST;
  const primaryText = adjust(color, readableOnNight, true);
  // The dark algorithm paints the link seed at 85 % over the container: lighten it until that passes.
  const link = adjust(color, (c) => readableOnNight(over(c, DARK_PALETTE_ALPHA, container)), true);
  // Hovered and pressed text (links, a default button) is lighter still on the dark backgrounds;
  // colorPrimaryHover stays the darker background of a primary button under white text.
  const textHover = stateShade(primaryText, 6, readableOnNight, true);
  const textActive = stateShade(primaryText, 12, readableOnNight, true);
  return {
    algorithm: theme.darkAlgorithm,
    token: {
      ...token,
      ...statusColours(true),
      ...presetTextColours(true),
      colorLink: link,
      colorLinkHover: textHover,
      colorLinkActive: textActive,
      colorPrimaryText: primaryText,
    },
    components: {
      Button: {
        defaultHoverColor: textHover,
        defaultHoverBorderColor: textHover,
        defaultActiveColor: textActive,
        defaultActiveBorderColor: textActive,
      },
      Tabs: { itemSelectedColor: primaryText, itemActiveColor: primaryText, itemHoverColor: primaryText },
      Pagination: { itemActiveColor: primaryText },
    },
  };
}

/** antd's status seeds (SeedToken defaults). */
const STATUS_SEEDS = {
  Success: '#52c41a',
  Warning: '#faad14',
  Error: '#ff4d4f',
  Info: '#1677ff',
} as const;

/**
 * Status colours (tags, danger buttons, messages) are text on their own tint and on the page. Light
 * themes: darkened until that reads at 4.5:1, which also carries white text (a danger button); the
 * tint is the seed's own (antd would derive a grey one from the darkened colour). Night: lightened,
 * as the dark palette paints the seed at 85 % over the container.
 */
function statusColours(night: boolean): Record<string, string> {
  const { container } = night ? BACKGROUNDS.night : BACKGROUNDS.light;
  const tokens: Record<string, string> = {};
  for (const [name, seed] of Object.entries(STATUS_SEEDS)) {
    const tint = over(seed, night ? 0.15 : 0.1, container);
    const passes = night
      ? (c: string) => {
          const painted = over(c, DARK_PALETTE_ALPHA, container);
          return contrast(painted, tint) >= MIN_CONTRAST && contrast(painted, container) >= MIN_CONTRAST;
        }
      : (c: string) => contrast(c, tint) >= MIN_CONTRAST && contrast(WHITE, c) >= MIN_CONTRAST;
    tokens[`color${name}`] = adjust(seed, passes, night);
    tokens[`color${name}Bg`] = tint;
  }
  return tokens;
}

/** antd's preset colour names (Tag color="cyan" and the like). */
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

const presetCache = new Map<boolean, Record<string, string>>();

/** A preset tag's text (shade 7) readable on its background (shade 1) and on the page. */
function presetTextColours(night: boolean): Record<string, string> {
  const cached = presetCache.get(night);
  if (cached) return cached;
  const { container } = night ? BACKGROUNDS.night : BACKGROUNDS.light;
  const palette = theme.getDesignToken({ algorithm: night ? theme.darkAlgorithm : theme.defaultAlgorithm });
  const tokens: Record<string, string> = {};
  for (const name of PRESETS) {
    const light = palette[`${name}1`];
    // antd keeps each shade under two names ('cyan7', 'cyan-7'), both written to --ant-cyan-7.
    tokens[`${name}7`] = tokens[`${name}-7`] = adjust(
      palette[`${name}7`],
      (c) => contrast(c, light) >= MIN_CONTRAST && contrast(c, container) >= MIN_CONTRAST,
      night,
    );
  }
  presetCache.set(night, tokens);
  return tokens;
}
