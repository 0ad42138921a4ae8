/** Container service (/api/kmct-container): files and temporary storage. */
import { contract } from './contract';
import { download } from './request';

export const containerApi = {
  downloadFile: async (id: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(api.system.fileDownload, { id }), fileName);
  },
};
