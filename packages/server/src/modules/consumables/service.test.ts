import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { assertDispatchLines, kitIdsOf, type OrderInput, orderLines } from './service.js';

const address = { name: 'A', phone: '1', area: 'X', company: null, detail: 'D', email: null };
const input = (over: Partial<OrderInput> = {}): OrderInput => ({
  projectId: 1,
  siteId: 2,
  receiveAddress: address,
  expectedShipDate: null,
  hopedArrivalDate: '2026-01-10',
  note: null,
  kits: [{ kitId: 5, kitAmount: 3, hopedArrivalDate: null, note: 'k' }],
  loose: [],
  ...over,
});
const kit = { id: 5, projectId: 1, name: 'Kit A', deliveryModel: null, supply: 'confirmed' };
const item = (id: number, sort: number) => ({
  id,
  kitId: 5,
  consumableName: `item ${id}`,
  consumableId: id === 7 ? 70 : null,
  size: null,
  vendor: null,
  unit: 'pc',
  quantityPerKit: 2,
  pictureFileId: null,
  scopeOfUse: null,
  sort,
});

describe('consumable application rules', () => {
  it('refuses a kit asked for twice', () => {
    expect(kitIdsOf(input())).toEqual([5]);
    const twice = input({ kits: [...input().kits, ...input().kits] });
    expect(refusal(() => kitIdsOf(twice))?.params).toEqual({ field: 'kits.kitId' });
  });

  it('expands each kit into its items in their order, then the loose lines', () => {
    const loose = {
      consumableName: 'tape',
      size: null,
      vendor: null,
      unit: 'roll',
      quantity: 4,
      hopedArrivalDate: null,
      note: null,
    };
    const lines = orderLines(
      input({ loose: [loose, { ...loose, consumableName: 'gauze' }] }),
      [kit],
      [item(8, 2), item(7, 1)],
      new Map([['tape', 90]]),
    );
    expect(
      lines.map((l) => [l.kind, l.consumableName, l.consumableId, l.kitAmount, l.sort, l.hopedArrivalDate]),
    ).toEqual([
      ['kit', 'item 7', 70, 3, 0, '2026-01-10'],
      ['kit', 'item 8', null, 3, 1, '2026-01-10'],
      // A loose line naming a catalogue consumable is issued from stock at dispatch.
      ['loose', 'tape', 90, 4, 2, '2026-01-10'],
      ['loose', 'gauze', null, 4, 3, '2026-01-10'],
    ]);
  });

  it('takes only kits of the project that the site confirmed', () => {
    expect(refusal(() => orderLines(input(), [{ ...kit, projectId: 9 }], []))?.key).toBe('invalidReference');
    expect(refusal(() => orderLines(input(), [], []))?.key).toBe('invalidReference');
    expect(refusal(() => orderLines(input(), [{ ...kit, supply: null }], []))).toEqual({
      key: 'kitNotConfirmed',
      params: { kit: 'Kit A' },
    });
  });

  it('dispatches every line of the application once and no other', () => {
    const existing = [{ id: 1 }, { id: 2 }];
    expect(refusal(() => assertDispatchLines([{ lineId: 2 }, { lineId: 1 }], existing))).toBeNull();
    for (const given of [[{ lineId: 1 }], [{ lineId: 1 }, { lineId: 1 }], [{ lineId: 1 }, { lineId: 3 }]])
      expect(refusal(() => assertDispatchLines(given, existing))?.params).toEqual({ field: 'lines' });
  });
});
