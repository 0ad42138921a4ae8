/*
 * Checks at the door, before any frame is read or any vendor is called (ARCHITECTURE decision 7).
 */

/**
 * DNS-rebinding defence: a page on evil.example whose name was re-pointed to 127.0.0.1 still sends
 * `Host: evil.example:18088`. Only loopback names with our own port are accepted.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  return value === `127.0.0.1:${port}` || value === `localhost:${port}` || value === `[::1]:${port}`;
}

/**
 * Exact, case-sensitive match against the configured list: no prefix, suffix, scheme or port
 * leniency (http://localhost:8080.evil.com, http://localhost:80800 and https://localhost:8080 are all
 * different origins). A missing Origin or the opaque `null` never matches.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined || origin === '' || origin === 'null') return false;
  return allowed.includes(origin);
}
