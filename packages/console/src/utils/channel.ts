/**
 * Cross-tab messages over BroadcastChannel: channel `user` carries login and logout (SPEC
 * section 4), channel `lock` the screen lock, unlock and "user is active" signals.
 */
export type UserMessage = { type: 'logout' } | { type: 'login' };
/** `at` is the sender's wall-clock time: every tab counts its deadlines from the same moment. */
export type LockMessage = { type: 'lock'; at: number } | { type: 'unlock' } | { type: 'active'; at: number };

export interface TypedChannel<M> {
  post(message: M): void;
  subscribe(handler: (message: M) => void): () => void;
  close(): void;
}

export function openChannel<M>(name: 'user' | 'lock'): TypedChannel<M> {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
  return {
    post(message) {
      channel?.postMessage(message);
    },
    subscribe(handler) {
      if (!channel) return () => {};
      const listener = (event: MessageEvent<M>) => handler(event.data);
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
    close() {
      channel?.close();
    },
  };
}
