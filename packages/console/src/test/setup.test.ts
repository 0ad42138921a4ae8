import { describe, expect, it } from 'vitest';
import { getAuthorization, setAuthorization } from '../utils/cookie';
import { saveBlob } from '../utils/saveBlob';

// The set-up (setup.ts) puts the page back after each test; these two run in order.
describe('the shared test page', () => {
  it('follows a download link away from the test origin, as happy-dom does', () => {
    saveBlob(new Blob(['x']), 'x.txt');
    expect(window.location.protocol).toBe('blob:');
  });

  it('is back at the test origin for the next test, where the session cookie holds', () => {
    expect(window.location.origin).toBe('http://localhost:3000');
    setAuthorization('t');
    expect(getAuthorization()).toBe('Bearer t');
  });
});
