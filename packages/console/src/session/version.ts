/** The version this page was built with, from `<meta name="version">` (written by the build). */
export function pageVersion(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="version"]')?.content || null;
}

/**
 * SPEC section 7: GET /version.json?v={timestamp} at the site origin, not cached; field version.
 * Returns the server's version when it differs from the page's, otherwise null (also on errors:
 * a failed check must not disturb the user).
 */
export async function newerVersion(fetchFn: typeof fetch = fetch, now = Date.now()): Promise<string | null> {
  const current = pageVersion();
  if (!current) return null;
  try {
    const response = await fetchFn(`/version.json?v=${now}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' && body.version !== current ? body.version : null;
  } catch {
    return null;
  }
}
