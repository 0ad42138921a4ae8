import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { DEMO_LAB_PROFILE } from './lab-profile.js';

const dir = mkdtempSync(join(tmpdir(), 'trialab-lab-profile-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const profile = {
  name: { zh_CN: '某某医学检验实验室', en_US: 'Example Medical Laboratory' },
  address: { zh_CN: '上海市徐汇区某路 1 号', en_US: '1 Some Road, Xuhui, Shanghai' },
  accreditation: 'CNAS MT0001',
};

describe('lab profile (LAB_PROFILE_FILE)', () => {
  it('prints the demo laboratory when none is configured', () => {
    expect(loadConfig({}).labProfile).toBe(DEMO_LAB_PROFILE);
  });

  it('reads the letterhead, falls back to Simplified Chinese for HK and loads the logo beside the file', () => {
    file('logo.png', PNG_BYTES);
    const path = file('lab.json', JSON.stringify({ ...profile, logo: 'logo.png' }));
    const lab = loadConfig({ LAB_PROFILE_FILE: path }).labProfile;
    expect(lab.name).toEqual({ ...profile.name, zh_HK: profile.name.zh_CN });
    expect(lab.accreditation).toBe('CNAS MT0001');
    expect(lab.phone).toBeNull();
    expect(lab.logo?.equals(PNG_BYTES)).toBe(true);
  });

  it.each([
    ['a missing file', join(dir, 'absent.json'), /cannot read/],
    ['a file that is not JSON', file('broken.json', '{ name'), /cannot read/],
    [
      'a profile without an English name',
      file('no-en.json', JSON.stringify({ ...profile, name: { zh_CN: 'x' } })),
      /name\.en_US/,
    ],
    [
      'a logo that is not an image',
      file('svg.json', JSON.stringify({ ...profile, logo: file('logo.svg', '<svg/>') })),
      /PNG or JPEG/,
    ],
  ])('stops the start on %s, naming the variable', (_, path, reason) => {
    expect(() => loadConfig({ LAB_PROFILE_FILE: path })).toThrow(ConfigError);
    expect(() => loadConfig({ LAB_PROFILE_FILE: path })).toThrow(reason);
    expect(() => loadConfig({ LAB_PROFILE_FILE: path })).toThrow(/LAB_PROFILE_FILE/);
  });
});
