/** Specimen intake calls: sample codes, bench sign-for, sub-barcodes (/api/kmct) and temporary storage (/api/kmct-container). */
import type { BodyOf } from '@trialab/api-contract';
import type { Contract } from './contract';
import { contract } from './contract';
import { callEndpoint } from './endpoint';
import { download } from './request';

type Api = Contract;

export const specimenApi = {
  codeRegister: (body: BodyOf<Api['sampleCode']['register']>) =>
    callEndpoint((c) => c.sampleCode.register, { body }),
  codeUpdate: (body: BodyOf<Api['sampleCode']['update']>) =>
    callEndpoint((c) => c.sampleCode.update, { body }),
  sign: (body: BodyOf<Api['specimenSign']['sign']>) => callEndpoint((c) => c.specimenSign.sign, { body }),
  subCreate: (body: BodyOf<Api['subBarcode']['create']>) =>
    callEndpoint((c) => c.subBarcode.create, { body }),
  subDisable: (id: number, body: BodyOf<Api['subBarcode']['disable']>) =>
    callEndpoint((c) => c.subBarcode.disable, { params: { id }, body }),
  containerDetail: (id: number) => callEndpoint((c) => c.tempStorage.containerDetail, { params: { id } }),
  containerList: (body: BodyOf<Api['tempStorage']['containerList']>) =>
    callEndpoint((c) => c.tempStorage.containerList, { body }),
  containerCreate: (body: BodyOf<Api['tempStorage']['containerCreate']>) =>
    callEndpoint((c) => c.tempStorage.containerCreate, { body }),
  containerUpdate: (body: BodyOf<Api['tempStorage']['containerUpdate']>) =>
    callEndpoint((c) => c.tempStorage.containerUpdate, { body }),
  sampleDetail: (id: number) => callEndpoint((c) => c.tempStorage.sampleDetail, { params: { id } }),
  sampleInfo: (barcode: string) => callEndpoint((c) => c.tempStorage.sampleInfo, { body: { barcode } }),
  deviceCreate: (body: BodyOf<Api['tempStorage']['deviceCreate']>) =>
    callEndpoint((c) => c.tempStorage.deviceCreate, { body }),
  deviceUpdate: (body: BodyOf<Api['tempStorage']['deviceUpdate']>) =>
    callEndpoint((c) => c.tempStorage.deviceUpdate, { body }),
  importPreview: (body: BodyOf<Api['tempStorage']['importPreview']>) =>
    callEndpoint((c) => c.tempStorage.importPreview, { body }),
  storeIn: (body: BodyOf<Api['tempStorage']['storeIn']>) =>
    callEndpoint((c) => c.tempStorage.storeIn, { body }),
  takeOut: (body: BodyOf<Api['tempStorage']['takeOut']>) =>
    callEndpoint((c) => c.tempStorage.takeOut, { body }),
  downloadTemplate: async (fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(api.tempStorage.template), fileName);
  },
  exportContainer: async (id: number, fileName: string) => {
    const api = await contract();
    await download(api.endpointUrl(api.tempStorage.export, { id }), fileName);
  },
};
