import { Canvas, encodeJpeg, renderPortrait } from './images.js';
import type { CardType } from './model.js';
import { makeTemplate } from './templates.js';

/** The `IDCardInfo` object of a `card=idcard` answer (VENDOR-NOTES plus SPEC's optional fields). */
export interface IdCardInfo {
  name: string;
  sex: string;
  birthday: string;
  address: string;
  cardID: string;
  issueOrgan: string;
  validStart: string;
  validEnd: string;
  sexCode: string;
  nationCode: string;
  appendMsg: string;
  strIDUID: string;
  photoBase64: string;
  photoBase64_Z?: string;
  photoBase64_F?: string;
  fingerBase64?: string;
  passportId?: string;
  nation?: string;
  /** The SPEC's card type letter; a simulator addition that real readers may not send. */
  cardType: CardType;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** Appends the GB 11643 check character to the first 17 digits of a resident ID number. */
export function withCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return `${first17}${CHECK[sum % 11]}`;
}

type Fixture = Omit<IdCardInfo, 'photoBase64' | 'photoBase64_Z' | 'photoBase64_F' | 'fingerBase64'> & {
  portrait: { background: [number, number, number]; clothes: [number, number, number] };
  withFinger: boolean;
  withScans: boolean;
};

/**
 * Synthetic people. Every number is obviously fake: resident ID numbers use the nonexistent region
 * 99xxxx (with a correct check digit so format validators pass), the foreigner card uses the
 * country code ZZZ, and every text says it is simulated.
 */
const FIXTURES: Record<CardType, Fixture> = {
  A: {
    cardType: 'A',
    name: '仿真未知',
    sex: '男',
    birthday: '19800101',
    address: '',
    cardID: 'SIM-UNKNOWN-0001',
    issueOrgan: '',
    validStart: '',
    validEnd: '',
    sexCode: '1',
    nationCode: '',
    appendMsg: '未知证件类型（仿真数据）',
    strIDUID: 'A0A0A0A0A0A0A0A0',
    portrait: { background: [235, 235, 235], clothes: [90, 90, 90] },
    withFinger: false,
    withScans: false,
  },
  B: {
    cardType: 'B',
    name: '测试甲',
    sex: '男',
    birthday: '19900307',
    address: '样例省演示市仿真区测试路1号（仿真数据）',
    cardID: withCheckDigit('99010119900307001'),
    issueOrgan: '演示市公安局仿真分局',
    validStart: '20200301',
    validEnd: '20400301',
    sexCode: '1',
    nationCode: '01',
    nation: '汉',
    appendMsg: '',
    strIDUID: 'B1B2B3B4B5B6B7B8',
    portrait: { background: [255, 255, 255], clothes: [30, 60, 120] },
    withFinger: false,
    withScans: true,
  },
  C: {
    cardType: 'C',
    name: '测试乙',
    sex: '女',
    birthday: '19851122',
    address: '样例省演示市仿真区测试路2号（仿真数据）',
    cardID: withCheckDigit('99010219851122002'),
    issueOrgan: '演示市公安局仿真分局',
    validStart: '20180601',
    validEnd: '20380601',
    sexCode: '2',
    nationCode: '03',
    nation: '回',
    appendMsg: '',
    strIDUID: 'C1C2C3C4C5C6C7C8',
    portrait: { background: [255, 255, 255], clothes: [150, 40, 60] },
    withFinger: true,
    withScans: true,
  },
  J: {
    cardType: 'J',
    name: '测试丙',
    sex: '男',
    birthday: '19950101',
    address: '样例特别行政区仿真道3号（仿真数据）',
    cardID: withCheckDigit('81000019950101003'),
    issueOrgan: '演示市公安局仿真分局',
    validStart: '20210101',
    validEnd: '20260101',
    sexCode: '1',
    nationCode: '',
    appendMsg: '港澳台居民居住证（仿真数据）',
    strIDUID: 'D1D2D3D4D5D6D7D8',
    passportId: 'H99000003',
    portrait: { background: [220, 235, 255], clothes: [20, 20, 20] },
    withFinger: false,
    withScans: false,
  },
  I: {
    cardType: 'I',
    name: 'SAMPLE, TESTER ALPHA',
    sex: '女',
    birthday: '19770715',
    address: '',
    cardID: 'ZZZ990000000041',
    issueOrgan: '国家移民管理局（仿真）',
    validStart: '20190715',
    validEnd: '20290715',
    sexCode: '2',
    nationCode: 'ZZZ',
    nation: 'ZZZ',
    appendMsg: '测试丁',
    strIDUID: 'E1E2E3E4E5E6E7E8',
    passportId: 'ZZ9900004',
    portrait: { background: [240, 240, 220], clothes: [60, 120, 60] },
    withFinger: false,
    withScans: false,
  },
};

async function cardScan(side: 'front' | 'back'): Promise<string> {
  const canvas = new Canvas(214, 135);
  canvas.fillRect(0, 0, 214, 135, side === 'front' ? [214, 228, 240] : [232, 226, 206]);
  for (let i = 0; i < 5; i++)
    canvas.fillRect(16, 20 + i * 18, side === 'front' ? 110 : 180, 6, [120, 120, 140]);
  if (side === 'front') canvas.fillRect(140, 16, 60, 76, [200, 200, 210]);
  return (await encodeJpeg(canvas, 70)).toString('base64');
}

const photoCache = new Map<string, Promise<string>>();

function cached(key: string, make: () => Promise<string>): Promise<string> {
  let value = photoCache.get(key);
  if (!value) {
    value = make();
    photoCache.set(key, value);
  }
  return value;
}

/** The full `IDCardInfo` for a card type, with its photos, and any field overrides applied. */
export async function idCardInfo(
  type: CardType,
  overrides: Record<string, string> = {},
): Promise<IdCardInfo> {
  const { portrait, withFinger, withScans, ...fields } = FIXTURES[type];
  // Overrides may add fields some readers send; the type letter always stays the presented one.
  const info: IdCardInfo = {
    ...fields,
    photoBase64: await cached(`portrait-${type}`, async () =>
      (await renderPortrait(portrait.background, portrait.clothes)).toString('base64'),
    ),
  };
  if (withScans) {
    info.photoBase64_Z = await cached('scan-front', () => cardScan('front'));
    info.photoBase64_F = await cached('scan-back', () => cardScan('back'));
  }
  if (withFinger) info.fingerBase64 = makeTemplate('fp', `card-${type}-right-index`, 'template');
  return { ...info, ...overrides, cardType: type };
}
