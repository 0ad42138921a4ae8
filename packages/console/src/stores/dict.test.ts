import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, fakeEndpoints } from '../test/fakes';
import { type DictItem, useDict } from './dict';

fakeEndpoints();

const item = (dictNo: number, value: string): DictItem => ({
  id: dictNo * 10,
  dictNo,
  value,
  label: value,
  enLabel: value,
  sort: 0,
  status: 1,
});
const call = vi.mocked(callEndpoint);

/** Answers sys-version with `revision` and dict.types with one item per dictionary asked. */
function serverAt(revision: string) {
  call.mockImplementation((async (_pick: unknown, input?: { body?: { types?: number[] } }) => {
    if (input?.body?.types)
      return { data: Object.fromEntries(input.body.types.map((no) => [String(no), [item(no, 'new')]])) };
    return { data: revision };
  }) as unknown as typeof callEndpoint);
}

beforeEach(() => {
  call.mockReset();
  useDict.setState({
    items: { 1011: [item(1011, 'old')], 2001: [item(2001, 'old')] },
    pending: {},
    revision: null,
  });
});

describe('dictionary cache', () => {
  it('keeps the cache on the first check and while the revision stays', async () => {
    serverAt('0.1.0+dict.5');
    await useDict.getState().checkRevision();
    await useDict.getState().checkRevision();
    expect(useDict.getState().revision).toBe('0.1.0+dict.5');
    expect(useDict.getState().items[1011]?.[0]?.value).toBe('old');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('drops everything and preloads again when another console changed a dictionary', async () => {
    serverAt('0.1.0+dict.5');
    await useDict.getState().checkRevision();
    serverAt('0.1.0+dict.6');
    await useDict.getState().checkRevision();
    const { items, revision } = useDict.getState();
    expect(revision).toBe('0.1.0+dict.6');
    expect(items[1011]?.[0]?.value).toBe('new');
    // Not preloaded: loaded again only when a component asks.
    expect(items[2001]).toBeUndefined();
  });

  it('drops only the dictionaries this console changed', () => {
    useDict.getState().invalidate([1011]);
    expect(useDict.getState().items[1011]).toBeUndefined();
    expect(useDict.getState().items[2001]).toBeDefined();
  });
});
