import sharp from 'sharp';

// One libvips worker: the simulator shares a 2-core machine with the code under test.
sharp.concurrency(1);

/** A 5x7 bitmap font for the few characters the pattern prints, so no system font is needed. */
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  ':': ['00000', '01100', '01100', '00000', '01100', '01100', '00000'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  x: ['00000', '00000', '10001', '01010', '00100', '01010', '10001'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
};

type Rgb = readonly [number, number, number];

/** A raw 3-channel image being drawn on. */
export class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    data?: Buffer,
  ) {
    this.data = data ?? Buffer.alloc(width * height * 3);
  }

  fillRect(x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x1 = Math.min(this.width, Math.max(0, Math.floor(x0 + w)));
    const y1 = Math.min(this.height, Math.max(0, Math.floor(y0 + h)));
    const xs = Math.max(0, Math.floor(x0));
    for (let y = Math.max(0, Math.floor(y0)); y < y1; y++) {
      let i = (y * this.width + xs) * 3;
      for (let x = xs; x < x1; x++) {
        this.data[i++] = r;
        this.data[i++] = g;
        this.data[i++] = b;
      }
    }
  }

  /** Prints text with the bitmap font; `scale` is the size of one font pixel. Returns the width drawn. */
  text(x: number, y: number, text: string, scale: number, colour: Rgb): number {
    let cx = x;
    for (const ch of text) {
      const glyph = GLYPHS[ch] ?? GLYPHS[ch.toUpperCase()] ?? GLYPHS[' '];
      if (glyph) {
        glyph.forEach((row, gy) => {
          for (let gx = 0; gx < row.length; gx++) {
            if (row[gx] === '1') this.fillRect(cx + gx * scale, y + gy * scale, scale, scale, colour);
          }
        });
      }
      cx += 6 * scale;
    }
    return cx - x;
  }

  static textWidth(text: string, scale: number): number {
    return text.length * 6 * scale;
  }
}

const BARS: Rgb[] = [
  [192, 192, 192],
  [192, 192, 0],
  [0, 192, 192],
  [0, 192, 0],
  [192, 0, 192],
  [192, 0, 0],
  [0, 0, 192],
];

const backgrounds = new Map<string, Buffer>();

/** Colour bars over a grey ramp, drawn once per size and copied for every frame. */
function background(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  let bg = backgrounds.get(key);
  if (!bg) {
    const canvas = new Canvas(width, height);
    const barHeight = Math.floor(height * 0.67);
    BARS.forEach((colour, i) => {
      const x0 = Math.floor((i * width) / BARS.length);
      const x1 = Math.floor(((i + 1) * width) / BARS.length);
      canvas.fillRect(x0, 0, x1 - x0, barHeight, colour);
    });
    for (let x = 0; x < width; x++) {
      const v = Math.round((x / Math.max(1, width - 1)) * 255);
      canvas.fillRect(x, barHeight, 1, height - barHeight, [v, v, v]);
    }
    bg = canvas.data;
    backgrounds.set(key, bg);
  }
  return bg;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export function clockText(date: Date): string {
  return `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}:${pad(date.getSeconds(), 2)}.${pad(date.getMilliseconds(), 3)}`;
}

/**
 * One frame of a camera's test pattern: colour bars, a block that moves with the frame number,
 * and the camera, resolution, frame counter and time printed in the bitmap font.
 */
export function renderTestPattern(options: {
  width: number;
  height: number;
  camidx: number;
  frame: number;
  time: Date;
  label?: string;
}): Canvas {
  const { width, height, frame } = options;
  const canvas = new Canvas(width, height, Buffer.from(background(width, height)));
  const scale = Math.max(1, Math.floor(Math.min(width, height) / 120));
  // A block that sweeps left and right once every 4 s at 25 fps.
  const block = Math.max(8, Math.floor(height / 8));
  const travel = Math.max(1, width - block);
  const phase = (frame * 4) % (2 * travel);
  const bx = phase < travel ? phase : 2 * travel - phase;
  canvas.fillRect(bx, Math.floor(height * 0.67) - block - 4 * scale, block, block, [255, 255, 255]);
  canvas.fillRect(
    bx + block / 4,
    Math.floor(height * 0.67) - block - 4 * scale + block / 4,
    block / 2,
    block / 2,
    [0, 0, 0],
  );
  const lines = [
    `${options.label ?? (options.camidx === 0 ? 'DOC' : 'HEAD')} CAM ${options.camidx}  ${width}x${height}`,
    `F ${pad(frame, 8)}`,
    clockText(options.time),
  ];
  const lineHeight = 9 * scale;
  const boxWidth = Math.min(width, Math.max(...lines.map((l) => Canvas.textWidth(l, scale))) + 4 * scale);
  canvas.fillRect(0, 0, boxWidth, lines.length * lineHeight + 2 * scale, [0, 0, 0]);
  lines.forEach((line, i) => {
    canvas.text(2 * scale, 2 * scale + i * lineHeight, line, scale, [255, 255, 255]);
  });
  return canvas;
}

export function encodeJpeg(canvas: Canvas, quality = 75): Promise<Buffer> {
  return sharp(canvas.data, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export interface CaptureProcessing {
  rotate: number;
  quality: number;
  /** Crop to the "document" found in the frame. */
  cut: boolean;
  colour: 'colour' | 'grey' | 'bw';
  dpi?: number;
  /** Part of the frame to return (for multi-object captures): [x, y, w, h] as fractions. */
  region?: readonly [number, number, number, number];
}

/** A capture: the frame cut, rotated, coloured and compressed as asked. */
export async function processCapture(canvas: Canvas, processing: CaptureProcessing): Promise<Buffer> {
  let image = sharp(canvas.data, { raw: { width: canvas.width, height: canvas.height, channels: 3 } });
  const [fx, fy, fw, fh] = processing.region ?? (processing.cut ? [0.1, 0.08, 0.8, 0.84] : [0, 0, 1, 1]);
  if (fx !== 0 || fy !== 0 || fw !== 1 || fh !== 1) {
    image = image.extract({
      left: Math.floor(canvas.width * fx),
      top: Math.floor(canvas.height * fy),
      width: Math.max(1, Math.floor(canvas.width * fw)),
      height: Math.max(1, Math.floor(canvas.height * fh)),
    });
  }
  if (processing.rotate % 360 !== 0) image = image.rotate(processing.rotate);
  if (processing.colour === 'bw') image = image.threshold(128);
  // A single-channel JPEG, as a grey scanner writes it.
  if (processing.colour !== 'colour') image = image.toColourspace('b-w');
  if (processing.dpi) image = image.withMetadata({ density: processing.dpi });
  return image.jpeg({ quality: processing.quality }).toBuffer();
}

/** A small passport-style portrait: plain background, head and shoulders in the given colours. */
export function renderPortrait(background: Rgb, clothes: Rgb, width = 102, height = 126): Promise<Buffer> {
  const canvas = new Canvas(width, height);
  canvas.fillRect(0, 0, width, height, background);
  const cx = width / 2;
  const headY = height * 0.38;
  const r = width * 0.2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - cx) / r;
      const dy = (y - headY) / (r * 1.25);
      const inHead = dx * dx + dy * dy <= 1;
      const sx = (x - cx) / (width * 0.45);
      const sy = (y - height) / (height * 0.3);
      const inShoulders = y > height * 0.68 && sx * sx + sy * sy <= 1;
      if (inHead) canvas.fillRect(x, y, 1, 1, [233, 196, 160]);
      else if (inShoulders) canvas.fillRect(x, y, 1, 1, clothes);
    }
  }
  return encodeJpeg(canvas, 80);
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A grey fingerprint-like image (ridges around a core that depends on the finger). */
export function renderFingerprint(
  finger: string,
  options: { width?: number; height?: number; poor?: boolean } = {},
) {
  const width = options.width ?? 256;
  const height = options.height ?? 288;
  const seed = hash(finger);
  const coreX = width * (0.4 + ((seed & 0xff) / 255) * 0.2);
  const coreY = height * (0.4 + (((seed >> 8) & 0xff) / 255) * 0.2);
  const period = 7 + ((seed >> 16) % 3);
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ex = (x - width / 2) / (width * 0.42);
      const ey = (y - height / 2) / (height * 0.46);
      const inside = ex * ex + ey * ey <= 1;
      if (!inside) {
        data[y * width + x] = 255;
        continue;
      }
      const d = Math.hypot(x - coreX, (y - coreY) * 1.2) + 6 * Math.sin((x + seed) / 23);
      const ridge = Math.sin((2 * Math.PI * d) / period) > 0;
      // A poor image is washed out: low contrast and smeared.
      data[y * width + x] = options.poor ? (ridge ? 170 : 200) : ridge ? 40 : 225;
    }
  }
  return sharp(data, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
