import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_PALETTE, type ThemeMode } from './stores/settings';
import {
  BACKGROUNDS,
  CHART_PALETTE,
  contrast,
  MIN_CONTRAST,
  MIN_GRAPHIC_CONTRAST,
  over,
  themeConfig,
} from './theme';

/** A token's colour as painted over an opaque background (antd's greys are rgba). */
function painted(color: string, background: string): string {
  const rgba = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color);
  if (!rgba) {
    const hex = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
    const alpha = hex.length === 9 ? Number.parseInt(hex.slice(7), 16) / 255 : 1;
    return over(hex.slice(0, 7), alpha, background);
  }
  const hex = `#${[rgba[1], rgba[2], rgba[3]].map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;
  return over(hex, rgba[4] === undefined ? 1 : Number(rgba[4]), background);
}

const ratio = (text: string, background: string) => {
  const bg = painted(background, '#ffffff');
  return contrast(painted(text, bg), bg);
};

const MODES: ThemeMode[] = ['dark', 'light', 'night'];

describe('theme colours meet WCAG AA (4.5:1) for every palette colour and mode', () => {
  const cases = MODES.flatMap((mode) => THEME_PALETTE.map((color) => [mode, color] as const));

  it.each(cases)('%s, %s', (mode, color) => {
    const config = themeConfig(mode, color, false);
    const token = theme.getDesignToken(config);
    const pairs: Array<[string, string, string]> = [
      ['white on colorPrimary', token.colorTextLightSolid, token.colorPrimary],
    ];
    for (const bg of ['colorBgContainer', 'colorBgLayout'] as const) {
      for (const text of [
        'colorText',
        'colorTextSecondary',
        'colorTextTertiary',
        'colorTextDescription',
        'colorTextPlaceholder',
        'colorLink',
        'colorPrimaryText',
      ] as const) {
        pairs.push([`${text} on ${bg}`, token[text], token[bg]]);
      }
    }
    if (mode === 'night') {
      const tabs = config.components?.Tabs?.itemSelectedColor as string;
      const page = config.components?.Pagination?.itemActiveColor as string;
      pairs.push(
        ['selected tab', tabs, token.colorBgContainer],
        ['current page', page, token.colorBgContainer],
      );
    } else {
      // Selected items of the light menu and tabs: the primary colour as text on its own tint.
      pairs.push(
        ['colorPrimary on colorBgContainer', token.colorPrimary, token.colorBgContainer],
        ['colorPrimary on colorPrimaryBg', token.colorPrimary, token.colorPrimaryBg],
      );
    }
    // Status colours (tags, danger buttons, messages) as text on their tint and on the page.
    for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
      const text = token[`color${status}`];
      pairs.push(
        [`color${status} on its Bg`, text, token[`color${status}Bg`]],
        [`color${status} on colorBgContainer`, text, token.colorBgContainer],
      );
      if (mode !== 'night') pairs.push([`white on color${status}`, token.colorTextLightSolid, text]);
    }
    // Preset-coloured tags (color="cyan"): shade 7 on shade 1.
    for (const preset of ['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'gold'] as const) {
      pairs.push(
        [`${preset} tag`, token[`${preset}7`], token[`${preset}1`]],
        [`${preset} tag (-7)`, token[`${preset}-7`], token[`${preset}-1`]],
      );
    }
    // Hover and pressed states read as well (a pointer resting on a button or link): a default
    // button's text and border, a primary button's white text on its background, a link.
    const button = config.components?.Button;
    pairs.push(
      [
        'default button hovered',
        (button?.defaultHoverColor as string | undefined) ?? token.colorPrimaryHover,
        token.colorBgContainer,
      ],
      [
        'default button pressed',
        (button?.defaultActiveColor as string | undefined) ?? token.colorPrimaryActive,
        token.colorBgContainer,
      ],
      ['white on a hovered primary button', token.colorTextLightSolid, token.colorPrimaryHover],
      ['white on a pressed primary button', token.colorTextLightSolid, token.colorPrimaryActive],
      ['colorLinkHover on colorBgContainer', token.colorLinkHover, token.colorBgContainer],
      ['colorLinkActive on colorBgContainer', token.colorLinkActive, token.colorBgContainer],
    );
    const failing = pairs
      .map(([name, text, background]) => ({ name, text, background, ratio: ratio(text, background) }))
      .filter((pair) => pair.ratio < MIN_CONTRAST);
    expect(failing).toEqual([]);
  });

  it('keeps a palette colour that already passes', () => {
    expect(contrast('#ffffff', '#000000')).toBe(21);
    expect(themeConfig('light', '#2f54eb', false).token?.colorPrimary).toBe('#2f54eb');
  });
});

describe('the charts’ palette', () => {
  // The dark and light themes show content on the light backgrounds, the night theme on the dark ones.
  const backgrounds = { dark: BACKGROUNDS.light, light: BACKGROUNDS.light, night: BACKGROUNDS.night };
  it.each(Object.entries(backgrounds))('stands out at 3:1 on the %s theme’s backgrounds', (_, bg) => {
    for (const color of CHART_PALETTE)
      for (const background of [bg.container, bg.layout])
        expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(
          MIN_GRAPHIC_CONTRAST,
        );
  });

  it('has no colour twice', () => {
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
  });
});
