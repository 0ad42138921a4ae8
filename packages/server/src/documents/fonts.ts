import { existsSync, readFileSync } from 'node:fs';
import type { Lang } from '@trialab/api-contract';
import { create, type Font } from 'fontkit';

/** Debian's fonts-noto-cjk; PDF_CJK_FONT and PDF_CJK_BOLD_FONT override (a .ttc/.ttf/.otf with CJK glyphs). */
const DEFAULT_REGULAR = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const DEFAULT_BOLD = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';

/** The face of the collection per language: Simplified glyph forms for CN and US, Hong Kong forms for HK. */
const TTC_REGION: Record<Lang, string> = { zh_CN: 'sc', en_US: 'sc', zh_HK: 'hk' };

export interface FontFile {
  path: string;
  /** Face inside a .ttc collection. */
  face?: string;
}

function fontFile(path: string, weight: 'Regular' | 'Bold', lang: Lang, face?: string): FontFile {
  if (!existsSync(path))
    throw new Error(`CJK font for PDF documents not found at ${path} (set PDF_CJK_FONT)`);
  if (!path.endsWith('.ttc')) return { path };
  return { path, face: face ?? `NotoSansCJK${TTC_REGION[lang]}-${weight}` };
}

/** Regular and bold fonts of a document in `lang`. Without a bold override, a regular override serves both. */
export function documentFonts(
  lang: Lang,
  env: NodeJS.ProcessEnv = process.env,
): { regular: FontFile; bold: FontFile } {
  const regular = fontFile(env.PDF_CJK_FONT ?? DEFAULT_REGULAR, 'Regular', lang, env.PDF_CJK_FONT_FACE);
  const boldPath = env.PDF_CJK_BOLD_FONT ?? (env.PDF_CJK_FONT ? undefined : DEFAULT_BOLD);
  const bold = boldPath ? fontFile(boldPath, 'Bold', lang, env.PDF_CJK_BOLD_FONT_FACE) : regular;
  return { regular, bold };
}

const files = new Map<string, Buffer>();
const loaded = new Map<string, Font>();

/**
 * The font of `file`, read and parsed once per process. pdfkit given a path reads the whole file
 * (20 MB for Noto CJK) and parses its outlines and tables again for every document: 200 ms of CPU
 * a document against 50-70 ms with the parsed font kept (docs/performance.md, "Fifth round").
 * Each document still embeds a subset of its own; the parsed font is only read from.
 */
export function loadFont(file: FontFile): Font {
  const key = `${file.path}\0${file.face ?? ''}`;
  let font = loaded.get(key);
  if (!font) {
    let buffer = files.get(file.path);
    if (!buffer) {
      buffer = readFileSync(file.path);
      files.set(file.path, buffer);
    }
    const parsed = create(buffer, file.face);
    if (!parsed || !('layout' in parsed))
      throw new Error(`no font ${file.face ?? ''} in ${file.path} (PDF_CJK_FONT, PDF_CJK_FONT_FACE)`);
    font = parsed;
    loaded.set(key, font);
  }
  return font;
}
