import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// @ts-expect-error opencc-js ships no types: Converter({ from, to }) returns a string converter.
import { Converter } from 'opencc-js/cn2t';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
type Convert = (text: string) => string;
const toTaiwan: Convert = Converter({ from: 'cn', to: 'tw' });
const toHongKong: Convert = Converter({ from: 'cn', to: 'hk' });

/** Hong Kong writes 台 (控制台, 平台) as often as 臺: not a simplified character there. */
const HONG_KONG_USAGE = new Set(['台']);

/**
 * The simplified characters of a text: those OpenCC changes both for Taiwan and for Hong Kong.
 * A character only one of them changes is a regional variant (溫/温, 說/説, 戶/户), both correct.
 */
function simplifiedIn(text: string): string[] {
  const tw = [...toTaiwan(text)];
  const hk = [...toHongKong(text)];
  return [...text].filter((c, i) => tw[i] !== c && hk[i] !== c && !HONG_KONG_USAGE.has(c));
}

/**
 * Every Hong Kong text of the tree: the console's zh-HK files, and each `zh_HK:` / `'zh-HK':` string
 * (on its line or, when the formatter wraps it, the next).
 */
function hongKongTexts(): { where: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', 'packages/*/src/**.ts', 'packages/*/src/**.tsx'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && !f.includes('.test.'));
  return files.flatMap((file) => {
    const whole = file.includes('/locales/zh-HK/');
    const lines = readFileSync(resolve(root, file), 'utf8').split('\n');
    return lines
      .map((line, i) => (/(?:zh_HK|'zh-HK')\s*:\s*$/.test(line) ? line + (lines[i + 1] ?? '') : line))
      .flatMap((line, i) => {
        const text = whole ? line : /(?:zh_HK|'zh-HK')\s*:\s*(['"`])(.*?)\1/.exec(line)?.[2];
        return text && /\p{Script=Han}/u.test(text) ? [{ where: `${file}:${i + 1}`, text }] : [];
      });
  });
}

describe('Hong Kong texts', () => {
  it('tells simplified characters from regional variants', () => {
    expect(simplifiedIn('存储設備')).toEqual(['储']);
    expect(simplifiedIn('運輸温度，完成説明，客户')).toEqual([]);
    expect(simplifiedIn('平台管理，控制台，批准')).toEqual([]);
  });

  it('are written in traditional characters everywhere (a zh-HK text copied from zh-CN shows here)', () => {
    const texts = hongKongTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const simplified = texts.flatMap(({ where, text }) => {
      const found = simplifiedIn(text);
      return found.length > 0 ? [`${where} [${found.join('')}] ${text.trim()}`] : [];
    });
    expect(simplified).toEqual([]);
  });
});
