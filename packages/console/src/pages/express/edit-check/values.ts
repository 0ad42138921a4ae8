import type { BodyOf } from '@trialab/api-contract';
import type { Dayjs } from 'dayjs';
import type { SampleRow } from '../../../components/ShipmentFields/ShipmentSamples';
import type { Contract } from '../../../services/contract';

type Correction = BodyOf<Contract['shipmentCorrection']['correct']>;

/** The correction form's values: the pick-up time as a picker value, the backup contact as two fields. */
export interface CorrectionValues {
  samples: SampleRow[];
  bookSendTime: Dayjs;
  sender: Correction['sender'];
  consignee: Correction['consignee'];
  backupName?: string | null;
  backupPhone?: string | null;
}

/**
 * The correction's body from the form: a backup contact only when both its name and phone are
 * given (the booking's rule: both or none), the pick-up time as an ISO instant.
 */
export function correctionBody(values: CorrectionValues, version: number, reason: string): Correction {
  const { backupName, backupPhone } = values;
  return {
    version,
    reason,
    samples: values.samples.map((x) => ({
      sampleTypeId: x.sampleTypeId ?? 0,
      temperatureId: x.temperatureId ?? 0,
      quantity: x.quantity ?? 0,
      unit: x.unit ?? '',
    })),
    bookSendTime: values.bookSendTime.toISOString(),
    sender: values.sender,
    consignee: values.consignee,
    backupContact: backupName && backupPhone ? { name: backupName, phone: backupPhone } : null,
  };
}
