import { ErrorCode } from '@trialab/device-protocol';
import { describe, expect, it } from 'vitest';
import { readFlatXml } from '../http.js';
import {
  captureBody,
  readCapture,
  readFaceScore,
  readIdCard,
  readResolution,
  readStatus,
} from './payloads.js';

const params = {
  camera: 0 as const,
  rotate: 90 as const,
  cutType: 1,
  multiObject: false,
  makeUuid: true,
  xdpi: 200,
  ydpi: 200,
  jpgQuality: 60,
  reduceShadow: false,
};
const JPEG = '/9j/4AAQSkZJRg==';

describe('camera payloads (VENDOR-NOTES variations)', () => {
  it('reads status with code "0" or 0, any case, unknown states as no', () => {
    expect(readStatus({ code: '0', video0: 'OK', video1: 'Run' })).toEqual({ video0: 'ok', video1: 'run' });
    expect(readStatus({ code: 0, video0: 'no', video1: 'weird' })).toEqual({ video0: 'no', video1: 'no' });
    expect(() => readStatus({ video0: 'ok' })).toThrow(/no code/);
  });

  it('reads the XML that some builds answer', () => {
    const xml =
      '<?xml version="1.0"?>\n<root><code>0</code><video0>ok</video0><video1>&#114;un</video1></root>';
    expect(readStatus(readFlatXml(xml) ?? {})).toEqual({ video0: 'ok', video1: 'run' });
    expect(readFlatXml('<html>oops')).toBeUndefined();
  });

  it('sends both grab-image request shapes, every value a string', () => {
    const body = captureBody(params);
    expect(body).toMatchObject({
      camidx: '0',
      image_process_info: { cut_type: '1', rotate: '90', multi_object: '0' },
      image_storage_info: { jpg_quality: '60', xdpi: '200' },
      filepath: 'base64',
      deskew: '1',
      cutpage: '1',
      quality: '60',
    });
    expect(JSON.stringify(body)).not.toMatch(/:\s*(\d|true|false)/);
  });

  it('reads both grab-image answers, dropping data: prefixes and making uuids', () => {
    const newer = readCapture(
      {
        code: '0',
        image_count: 2,
        images: [
          { index: 0, uuid: 'u1', base64: JPEG, filepath: 'D:\\a.jpg' },
          { index: '1', uuid: '', base64: `data:image/jpeg;base64,${JPEG}` },
        ],
      },
      params,
    );
    expect(newer.imageCount).toBe(2);
    expect(newer.images[1]).toMatchObject({ index: 1, base64: JPEG });
    expect(newer.images[1]?.uuid.length).toBe(32);
    const older = readCapture({ code: 0, message: 'success', photoBase64: JPEG, filepath: 'base64' }, params);
    expect(older).toMatchObject({ imageCount: 1, images: [{ index: 0, base64: JPEG }] });
    expect(older.images[0]?.filepath).toBeUndefined();
    expect(() => readCapture({ code: '0' }, params)).toThrow(/no image/);
    expect(() => readCapture({ code: '2', message: 'camera 0 is not open' }, params)).toThrow(
      expect.objectContaining({ code: ErrorCode.CAPTURE_FAILED }),
    );
  });

  it('reads resolutions as WIDTHxHEIGHT from either field', () => {
    expect(readResolution({ code: '0', resolution: '1920X1080' })).toBe('1920x1080');
    expect(readResolution({ code: '0', width: '640', height: 480 })).toBe('640x480');
    expect(() => readResolution({ code: '0' })).toThrow(/no resolution/);
  });

  it('reads both face APIs', () => {
    expect(readFaceScore({ code: '0', confidence: 88 }, 'face=verifybase64')).toBe(88);
    expect(readFaceScore({ code: '0', score: '51' }, 'comparison=imgdata')).toBe(51);
    // Older builds: the score alone, in data.
    expect(readFaceScore({ code: '0', data: '87' }, 'comparison=imgdata')).toBe(87);
    expect(readFaceScore({ code: '0', data: 12 }, 'comparison=imgdata')).toBe(12);
    expect(() => readFaceScore({ code: '0', data: { score: 'x' } }, 'comparison=imgdata')).toThrow(
      /no confidence/,
    );
    expect(readFaceScore({ code: '0', confidence: '0.73' }, 'x')).toBeCloseTo(73);
  });

  it('reads ID cards with optional fields missing or extra, deriving the card type', () => {
    const minimal = readIdCard({
      code: '0',
      IDCardInfo: { name: '仿真', cardID: '990101199001011234', extra: 'x' },
    });
    expect(minimal).toEqual({ cardType: 'B', name: '仿真', cardID: '990101199001011234' });
    const full = readIdCard({
      code: 0,
      IDCardInfo: JSON.stringify({
        name: 'N',
        cardID: '810000199001011234',
        strIDUID: 'U1',
        photoBase64_Z: JPEG,
        sex: '',
        nation: '汉',
      }),
    });
    expect(full).toEqual({
      cardType: 'J',
      name: 'N',
      cardID: '810000199001011234',
      uid: 'U1',
      photoFrontBase64: JPEG,
      nation: '汉',
    });
    expect(
      readIdCard({ code: '0', IDCardInfo: { name: 'F', cardID: 'ZZZ123456789012', passportId: 'P1' } })
        .cardType,
    ).toBe('I');
    expect(() => readIdCard({ code: '0', IDCardInfo: { name: 'x' } })).toThrow(
      expect.objectContaining({ code: ErrorCode.VENDOR_MALFORMED }),
    );
    expect(() => readIdCard({ code: '5', message: 'no card' })).toThrow(
      expect.objectContaining({ code: ErrorCode.IDCARD_READ_FAILED }),
    );
  });
});
