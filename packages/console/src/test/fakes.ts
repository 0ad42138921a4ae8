/**
 * Fakes passed in through the console's seams, never module mocks: the console's test files share
 * a worker's modules (`isolate: false` in vitest.config.ts), so a `vi.mock` of one file would leak
 * into, or miss, the next. Call `fakeEndpoints()` at the top of a test file; the set-up (setup.ts)
 * calls `resetShared()` before each file, which puts the server back, forgets the fakes' answers
 * and calls, and puts every store back to how it started.
 */
import { vi } from 'vitest';
import { resetCameraSync, useCamera } from '../devices/cameraStore';
import { endpoints } from '../services/endpoint';
import { useBridge } from '../stores/bridge';
import { useDict } from '../stores/dict';
import { useLock } from '../stores/lock';
import { usePermission } from '../stores/permission';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';

const server = { ...endpoints };

/** The fake of every endpoint call: answer with `mockImplementation`, read `mock.calls`. */
export const callEndpoint = vi.fn<typeof endpoints.call>();
/** The fake of every file download (`downloadEndpoint`). */
export const downloadEndpoint = vi.fn<typeof endpoints.download>();
/** The fake of every file shown in the page (`fileEndpoint`): a PDF blob unless a test says otherwise. */
export const fileEndpoint = vi.fn<typeof endpoints.file>();

/**
 * Sends this file's endpoint calls and downloads to the fakes above, answered by `answer` until a
 * test says otherwise; returns the call fake.
 */
export function fakeEndpoints(answer?: (...args: Parameters<typeof endpoints.call>) => unknown) {
  if (answer) callEndpoint.mockImplementation(answer as typeof endpoints.call);
  endpoints.call = callEndpoint as typeof endpoints.call;
  endpoints.download = downloadEndpoint;
  endpoints.file = fileEndpoint;
  return callEndpoint;
}

// Each store as this worker's first file found it (empty storage): put back before every file.
const stores = [useBridge, useCamera, useDict, useLock, usePermission, useSession, useSettings, useTabs] as {
  getState(): object;
  setState(state: object, replace: true): void;
}[];
const initial = stores.map((store) => [store, store.getState()] as const);

/** Puts back what a previous file of this worker may have changed (the set-up, before each file). */
export function resetShared(): void {
  Object.assign(endpoints, server);
  callEndpoint.mockReset();
  downloadEndpoint.mockReset();
  downloadEndpoint.mockImplementation(async () => undefined);
  fileEndpoint.mockReset();
  fileEndpoint.mockImplementation(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
  resetCameraSync();
  for (const [store, state] of initial) store.setState(state, true);
}
