import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Lang } from '@trialab/api-contract';
import { z } from 'zod';

/** What the letterhead of every document says about the laboratory (LAB_PROFILE_FILE). */
export interface LabProfile {
  name: Record<Lang, string>;
  address: Record<Lang, string>;
  phone: string | null;
  email: string | null;
  /** Accreditation body and number, e.g. `CNAS MT0001` (ISO 15189); null prints no line. */
  accreditation: string | null;
  /** PNG or JPEG bytes of the logo; null draws the lab's initials in a square. */
  logo: Buffer | null;
}

const localized = z
  .object({
    zh_CN: z.string().min(1).max(200),
    en_US: z.string().min(1).max(200),
    zh_HK: z.string().max(200).optional(),
  })
  .transform((v): Record<Lang, string> => ({ zh_CN: v.zh_CN, en_US: v.en_US, zh_HK: v.zh_HK || v.zh_CN }));

const profileFile = z.object({
  name: localized,
  address: localized,
  phone: z.string().max(64).optional(),
  email: z.string().max(128).optional(),
  accreditation: z.string().max(128).optional(),
  /** Relative to the profile file. */
  logo: z.string().optional(),
});

/** The demo laboratory; production sets LAB_PROFILE_FILE (docs/documents.md). */
export const DEMO_LAB_PROFILE: LabProfile = {
  name: { zh_CN: '特莱博中心实验室', en_US: 'Trialab Central Laboratory', zh_HK: '特萊博中心實驗室' },
  address: {
    zh_CN: '上海市浦东新区张江路 88 号 3 号楼，201203',
    en_US: 'Building 3, 88 Zhangjiang Road, Pudong, Shanghai 201203, China',
    zh_HK: '上海市浦東新區張江路 88 號 3 號樓，201203',
  },
  phone: '+86 21 5080 0000',
  email: 'lab@trialab.local',
  accreditation: 'CNAS MT-DEMO',
  logo: null,
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** Reads and checks a profile file; throws a message naming what is wrong. */
export function loadLabProfile(file: string): LabProfile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  const parsed = profileFile.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  const p = parsed.data;
  let logo: Buffer | null = null;
  if (p.logo) {
    logo = readFileSync(resolve(dirname(file), p.logo));
    if (!logo.subarray(0, 4).equals(PNG) && !logo.subarray(0, 3).equals(JPEG)) {
      throw new Error(`${file}: logo must be a PNG or JPEG file`);
    }
  }
  return {
    name: p.name,
    address: p.address,
    phone: p.phone ?? null,
    email: p.email ?? null,
    accreditation: p.accreditation ?? null,
    logo,
  };
}
