import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';

// SPEC section 2: puzzle 310x155, piece 42 with knobs of radius 10, six backgrounds.
export const CAPTCHA_WIDTH = 310;
export const CAPTCHA_HEIGHT = 155;
export const PIECE = 42;
export const KNOB = 10;
/** The piece image is the 42px square plus a knob on its top and right edges. */
export const PIECE_CANVAS = PIECE + KNOB;
/** How far (px) the submitted x may be from the hole. */
export const CAPTCHA_TOLERANCE = 4;

const PALETTES = [
  ['#0f766e', '#5eead4', '#134e4a'],
  ['#1d4ed8', '#93c5fd', '#1e3a8a'],
  ['#b45309', '#fcd34d', '#78350f'],
  ['#7c3aed', '#c4b5fd', '#4c1d95'],
  ['#be123c', '#fda4af', '#881337'],
  ['#15803d', '#86efac', '#14532d'],
] as const;

/** Outline of the piece inside its PIECE_CANVAS box. */
const PIECE_PATH =
  `M0 ${KNOB} H${PIECE / 2 - KNOB} A${KNOB} ${KNOB} 0 1 1 ${PIECE / 2 + KNOB} ${KNOB} H${PIECE} ` +
  `V${KNOB + PIECE / 2 - KNOB} A${KNOB} ${KNOB} 0 1 1 ${PIECE} ${KNOB + PIECE / 2 + KNOB} ` +
  `V${PIECE_CANVAS} H0 Z`;

function backgroundSvg(index: number): string {
  const [a, b, c] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const fill = [a, b, c][i % 3];
    const x = randomInt(0, CAPTCHA_WIDTH);
    const y = randomInt(0, CAPTCHA_HEIGHT);
    const r = randomInt(8, 40);
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="0.55"/>`
        : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" fill="${fill}" opacity="0.45" transform="rotate(${randomInt(0, 90)} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const shapeSvg = (fill: string, stroke: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE_CANVAS}" height="${PIECE_CANVAS}"><path d="${PIECE_PATH}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/></svg>`,
  );

export interface GeneratedCaptcha {
  id: string;
  x: number;
  y: number;
  background: string;
  piece: string;
}

/** Renders one puzzle: a background with the hole and the matching piece, both PNG data URLs. */
export async function generateCaptcha(): Promise<GeneratedCaptcha> {
  const index = randomInt(0, PALETTES.length);
  const x = randomInt(PIECE_CANVAS + 10, CAPTCHA_WIDTH - PIECE_CANVAS - 4);
  const y = randomInt(4, CAPTCHA_HEIGHT - PIECE_CANVAS - 4);
  const base = await sharp(Buffer.from(backgroundSvg(index)))
    .png()
    .toBuffer();
  const piece = await sharp(base)
    .extract({ left: x, top: y, width: PIECE_CANVAS, height: PIECE_CANVAS })
    .composite([
      { input: shapeSvg('#000', 'none'), blend: 'dest-in' },
      { input: shapeSvg('none', 'rgba(255,255,255,0.9)'), blend: 'over' },
    ])
    .png()
    .toBuffer();
  const background = await sharp(base)
    .composite([{ input: shapeSvg('rgba(0,0,0,0.5)', 'rgba(255,255,255,0.8)'), left: x, top: y }])
    .png()
    .toBuffer();
  return {
    id: randomBytes(16).toString('base64url'),
    x,
    y,
    background: `data:image/png;base64,${background.toString('base64')}`,
    piece: `data:image/png;base64,${piece.toString('base64')}`,
  };
}
