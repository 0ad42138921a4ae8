import { createContext, useContext } from 'react';

/**
 * Whether the kept page a component is in is the one on screen (layouts/KeepAliveOutlet). Hidden
 * pages stay mounted with their effects running, so work that only matters on screen (a camera
 * stream, measuring the window) follows this instead. True outside the outlet.
 */
export const PageShownContext = createContext(true);

export function usePageShown(): boolean {
  return useContext(PageShownContext);
}
