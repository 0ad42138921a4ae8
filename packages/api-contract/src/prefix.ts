/** URL prefixes of the three backend services (SPEC section 7). */
export const API_PREFIX = {
  user: '/api/kmct-user',
  main: '/api/kmct',
  container: '/api/kmct-container',
} as const;
