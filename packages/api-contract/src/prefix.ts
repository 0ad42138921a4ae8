/** URL prefixes of the backend services (SPEC section 7). */
export const API_PREFIX = {
  user: '/api/kmct-user',
  main: '/api/kmct',
  container: '/api/kmct-container',
  /** Shared base service: the WeChat authorisation URL for binding. */
  base: '/api/kmct-base',
} as const;
