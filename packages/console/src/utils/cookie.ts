/** The authorization value lives in a cookie (SPEC section 3), always with the Bearer prefix. */
export const AUTH_COOKIE = 'Authorization';

export function withBearer(token: string): string {
  return /^Bearer\s/i.test(token) ? token : `Bearer ${token}`;
}

export function getAuthorization(): string | null {
  const prefix = `${AUTH_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = decodeURIComponent(item.slice(prefix.length));
      return value ? withBearer(value) : null;
    }
  }
  return null;
}

export function setAuthorization(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in some browsers
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(withBearer(token))}; path=/; SameSite=Strict`;
}

export function clearAuthorization(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in some browsers
  document.cookie = `${AUTH_COOKIE}=; path=/; max-age=0; SameSite=Strict`;
}
