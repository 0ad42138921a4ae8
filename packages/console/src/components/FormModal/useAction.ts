import { useCallback, useState } from 'react';
import { RequestError } from '../../services/request/types';
import { feedback } from '../../utils/feedback';

/**
 * Runs a request-backed action (save, remove, a workflow step): `busy` while it runs, a success
 * message when it worked, and `true` back. A request error was already shown to the user by the
 * request helper, so it only resolves `false`; anything else is a bug and is thrown on.
 */
export async function runAction(action: () => Promise<unknown>, okMessage?: string): Promise<boolean> {
  try {
    await action();
  } catch (error) {
    if (error instanceof RequestError) return false;
    throw error;
  }
  if (okMessage) feedback.success(okMessage);
  return true;
}

/** `runAction` with the busy flag a button or dialog shows while it runs. */
export function useAction(): [run: typeof runAction, busy: boolean] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<unknown>, okMessage?: string) => {
    setBusy(true);
    try {
      return await runAction(action, okMessage);
    } finally {
      setBusy(false);
    }
  }, []);
  return [run, busy];
}
