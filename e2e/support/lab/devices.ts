import type { BrowserContext } from 'playwright-core';

/** Points the console at the stack's bridge (its port is ephemeral): the SPEC device-host override. */
export async function useStackBridge(context: BrowserContext, bridgePort: number): Promise<void> {
  await context.addInitScript((host) => {
    window.localStorage.setItem('kmct-env-hsc-ip', host);
  }, `127.0.0.1:${bridgePort}`);
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
