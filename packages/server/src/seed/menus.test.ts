import { LABEL_PERMISSIONS } from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { flattenMenus } from './menus.js';

describe('menu view authorities', () => {
  it('gives the label pages the barcode list’s view, one permission family with their endpoints', () => {
    const authority = (path: string) => flattenMenus().find((m) => m.fullPath === path)?.authority;
    expect(authority('/supply/consum-barcode-list')).toBe('supply:consum-barcode-list:view');
    expect(authority('/supply/label-template')).toBe('supply:consum-barcode-list:view');
    expect(authority('/supply/label-print-job')).toBe('supply:consum-barcode-list:view');
    for (const permission of Object.values(LABEL_PERMISSIONS))
      expect(permission.startsWith('supply:consum-barcode-list:')).toBe(true);
  });
});
