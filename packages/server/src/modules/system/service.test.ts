import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { webOrigin } from './service.js';

describe('device tickets', () => {
  it('are for a web origin exactly as given', () => {
    expect(webOrigin('https://lab.example:8443')).toBe('https://lab.example:8443');
    expect(refusal(() => webOrigin('https://lab.example/app'))?.key).toBe('originNotAllowed');
    expect(refusal(() => webOrigin('ftp://lab.example'))?.key).toBe('originNotAllowed');
  });
});
