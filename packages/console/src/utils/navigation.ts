/**
 * Navigation for code outside components (stores, interceptors). The router registers its
 * navigate function; before that, a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: Navigate | undefined;

export function registerNavigate(fn: Navigate | undefined): void {
  navigateFn = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return window.location.pathname;
}
