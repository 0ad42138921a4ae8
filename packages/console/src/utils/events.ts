/** A small typed event bus for app-wide signals that must not create import cycles. */
export interface AppEvents {
  /** A 401, or a protected call without a session. */
  unauthorized: undefined;
  /** SPEC section 2 global tab events. */
  'tabs:close': { path?: string } | undefined;
  'tabs:refresh': { path?: string } | undefined;
  'tabs:edit': { path: string; fullPath: string } | undefined;
  'tabs:rename': { path: string; title: string };
}

type Handler<T> = (payload: T) => void;

export function createEmitter<E extends object>() {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on<K extends keyof E>(name: K, handler: Handler<E[K]>): () => void {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler as Handler<never>);
      return () => set?.delete(handler as Handler<never>);
    },
    emit<K extends keyof E>(name: K, payload: E[K]): void {
      for (const handler of handlers.get(name) ?? []) (handler as Handler<E[K]>)(payload);
    },
  };
}

export const appEvents = createEmitter<AppEvents>();
