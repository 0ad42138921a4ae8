import { describe, expect, it } from 'vitest';
import { CAMERA_PAGES, cameraPagesOf, isCameraPage } from './pages';

describe('camera pages (SPEC section 2)', () => {
  it("are the six camera-related pages, the library's two confirmations and the contracts", () => {
    expect(CAMERA_PAGES).toHaveLength(9);
    expect(isCameraPage('/marketing/contract')).toBe(true);
    expect(isCameraPage('/specimen/manage/out-warehouse-bill-confirm')).toBe(true);
    expect(isCameraPage('/express/sign')).toBe(true);
    expect(isCameraPage('/express/mail')).toBe(false);
  });
  it('are sorted and unique in a subscription', () => {
    expect(
      cameraPagesOf([
        '/laboratory/before-analysis/input-subject',
        '/home/todo',
        '/express/sign',
        '/express/sign',
      ]),
    ).toEqual(['/express/sign', '/laboratory/before-analysis/input-subject']);
  });
});
