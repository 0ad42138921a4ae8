import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../config';

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(callback: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

/** True under 768 px (SPEC section 9: mobile breakpoint max width 767.98 px). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
