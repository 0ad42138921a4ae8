// A bill's create page opened with its lines chosen elsewhere (the specimen-expired page's destroy and
// return actions): the project, the barcodes and, for a return, the stock-out type and its reason,
// passed in the navigation's state (no length limit, gone on a fresh visit).
import type { Location } from 'react-router-dom';

export interface BillPrefill {
  projectId: number;
  barcodes: string[];
  stockOutTypeId?: number;
  reason?: string;
}

/** The navigation state that opens a create page prefilled. */
export const billPrefillState = (prefill: BillPrefill) => ({ billPrefill: prefill });

/** The prefill a create page was opened with, if any. */
export function billPrefillOf(location: Pick<Location, 'state'>): BillPrefill | null {
  const state = location.state as { billPrefill?: BillPrefill } | null;
  const prefill = state?.billPrefill;
  if (!prefill || typeof prefill.projectId !== 'number' || !Array.isArray(prefill.barcodes)) return null;
  return prefill;
}
