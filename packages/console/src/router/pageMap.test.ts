import { describe, expect, it } from 'vitest';
import { pageComponent, pageReady } from './pageMap';

describe('page components', () => {
  it('renders a page whose chunk has arrived without suspending, and keeps handing out the same one', async () => {
    await pageReady('/personal/address');
    const page = await import('../pages/personal/address');
    expect(pageComponent('/personal/address')).toBe(page.default);
    expect(pageComponent('/personal/address')).toBe(page.default);
  });

  it('hands out a lazy component before the chunk, and the same one after it has arrived', async () => {
    const before = pageComponent('/laboratory/test-project');
    expect((before as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    await pageReady('/laboratory/test-project');
    // A different component type would remount the page already on screen.
    expect(pageComponent('/laboratory/test-project')).toBe(before);
  });

  it('resolves for a route without a page of its own (the "being built" page)', async () => {
    await expect(pageReady('/finance/nothing-here')).resolves.toBeUndefined();
  });
});
