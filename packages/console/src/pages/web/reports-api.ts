// The staff's non-routine fees page (/express/unconventional) still names the chargeback row from here.
export type { ChargebackRow } from './ChargebackDetail';
