// What other areas still take from the portal: the personal centre's calls and record types, and
// the specimen log's export. Their pages call the contract directly once they move to the kit;
// then this file goes.
import type { BodyOf, DataOf, EndpointDef } from '@trialab/api-contract';
import type { Contract } from '../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../services/endpoint';

type B<E> = BodyOf<E>;

export type AddressRow = DataOf<Contract['address']['create']>;
export type Profile = DataOf<Contract['personal']['profile']>;
export type OrderDetail = DataOf<Contract['consumable']['get']>;

/** POST that answers a file (xlsx, zip): saved under the name given. */
export function postDownload<E extends EndpointDef>(
  pick: (api: Contract) => E,
  body: B<E>,
  fileName: string,
): Promise<void> {
  return downloadEndpoint(pick, { body }, fileName);
}

export const portalApi = {
  profile: () => callEndpoint((c) => c.personal.profile),
  updateProfile: (body: B<Contract['personal']['updateProfile']>) =>
    callEndpoint((c) => c.personal.updateProfile, { body }),
  addressCreate: (body: B<Contract['address']['create']>) => callEndpoint((c) => c.address.create, { body }),
  addressUpdate: (body: B<Contract['address']['update']>) => callEndpoint((c) => c.address.update, { body }),
  addressDelete: (id: number) => callEndpoint((c) => c.address.delete, { params: { id } }),
  projects: (body: B<Contract['project']['ownAll']>) => callEndpoint((c) => c.project.ownAll, { body }),
};
