import { localName } from '@trialab/api-contract/signing';
import { create } from 'zustand';
import { callEndpoint } from '../services/endpoint';

/** A dictionary item as the server sends it (value, label, enLabel). */
export interface DictItem {
  id: number;
  dictNo: number;
  value: string;
  label: string;
  enLabel: string;
  sort: number;
  status: number;
}

/** Dictionary numbers of SPEC section 3, preloaded when the tab view is created. */
export const DICT = {
  labelTemplate: 1001,
  lidColour: 1011,
  stockOutReason: 1017,
  destructionReason: 1018,
  remarkCategory: 1019,
} as const;
export const PRELOADED_DICTS = Array.from({ length: 23 }, (_, i) => 1001 + i);

interface DictState {
  items: Record<number, DictItem[]>;
  pending: Record<number, Promise<DictItem[]> | undefined>;
  /** The server's dictionaries revision (the contract's `dict.sysVersion`) the cache was checked against. */
  revision: string | null;
  /** Batch load of 1001..1023 (one call). */
  preload(): Promise<void>;
  /** Items of one dictionary, from the cache or the server (page 1, size 99). */
  load(dictNo: number): Promise<DictItem[]>;
  reset(): void;
  /**
   * Drops cached dictionaries (these numbers, or all): the components showing them load them again.
   * Called after this console changed dictionaries.
   */
  invalidate(dictNos?: readonly number[]): void;
  /**
   * Asks the server's revision; when another console changed a dictionary since the last check, the
   * whole cache is dropped and 1001..1023 are loaded again (errors stay quiet).
   */
  checkRevision(): Promise<void>;
}

export const useDict = create<DictState>((set, get) => ({
  items: {},
  pending: {},
  revision: null,
  async preload() {
    const missing = PRELOADED_DICTS.filter((no) => !get().items[no]);
    if (missing.length === 0) return;
    const response = await callEndpoint((c) => c.dict.types, { body: { types: missing } });
    const loaded: Record<number, DictItem[]> = {};
    for (const [key, list] of Object.entries(response.data)) loaded[Number(key)] = list;
    set({ items: { ...get().items, ...loaded } });
  },
  load(dictNo) {
    const cached = get().items[dictNo];
    if (cached) return Promise.resolve(cached);
    const inFlight = get().pending[dictNo];
    if (inFlight) return inFlight;
    const promise = callEndpoint((c) => c.dict.page, { body: { dictNo, page: 1, size: 99 } })
      .then((response) => {
        const list = response.data[0]?.dictDataRespList ?? [];
        set({
          items: { ...get().items, [dictNo]: list },
          pending: { ...get().pending, [dictNo]: undefined },
        });
        return list;
      })
      .catch((error: unknown) => {
        set({ pending: { ...get().pending, [dictNo]: undefined } });
        throw error;
      });
    set({ pending: { ...get().pending, [dictNo]: promise } });
    return promise;
  },
  reset() {
    set({ items: {}, pending: {}, revision: null });
  },
  invalidate(dictNos) {
    if (!dictNos) {
      set({ items: {} });
      return;
    }
    const items = { ...get().items };
    for (const no of dictNos) delete items[no];
    set({ items });
  },
  async checkRevision() {
    const response = await callEndpoint((c) => c.dict.sysVersion);
    const known = get().revision;
    set({ revision: response.data });
    if (known === null || known === response.data) return;
    get().invalidate();
    await get().preload();
  },
}));

/** The label in the current language. */
export function dictLabel(item: DictItem, language: string): string {
  return localName({ name: item.label, enName: item.enLabel }, language);
}
