import type { BrowserContext } from 'playwright-core';

/** The SPEC device-host override (local storage) pointing the console at the stack's bridge. */
export function stackBridgeStorage(bridgePort: number): Record<string, string> {
  return { 'kmct-env-hsc-ip': `127.0.0.1:${bridgePort}` };
}

/** Points a context's pages at the stack's bridge (its port is ephemeral); a warm page takes `stackBridgeStorage`. */
export async function useStackBridge(context: BrowserContext, bridgePort: number): Promise<void> {
  await context.addInitScript((storage) => {
    for (const [name, value] of Object.entries(storage)) window.localStorage.setItem(name, value);
  }, stackBridgeStorage(bridgePort));
}

/** Calls the simulators' control endpoint (any sim port serves it). */
export async function simControl(
  port: number,
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/__sim/${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!response.ok) throw new Error(`sim control ${method} ${path}: HTTP ${response.status}`);
  return response.json();
}
