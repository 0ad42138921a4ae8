/**
 * Files: uploads (signed with the MD5 of their bytes), uploaded files shown as images. Downloads of
 * what an endpoint answers as a file go through `downloadEndpoint` (services/endpoint.ts).
 */
import type { DataOf } from '@trialab/api-contract';
import Core from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';
import MD5 from 'crypto-js/md5';
import { type Contract, contract } from './contract';
import { callEndpoint } from './endpoint';
import { client } from './request';

/** Base64 MD5 of raw bytes (the Content-MD5 of a file upload). */
export function bytesMd5(bytes: Uint8Array): string {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    words[i >>> 2] = (words[i >>> 2] ?? 0) | ((bytes[i] ?? 0) << (24 - (i % 4) * 8));
  }
  return Base64.stringify(MD5(Core.lib.WordArray.create(words, bytes.length)));
}

/** Decodes base64 (no data: prefix) into bytes. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type UploadedFile = DataOf<Contract['system']['fileUpload']>;

/** Uploads one file through the container service (signed with the MD5 of its bytes). */
export async function uploadFile(
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  mime: string,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: mime }), name);
  // The multipart form is the request's body (the declaration has none: its `upload` says so).
  const response = await callEndpoint(
    (c) => c.system.fileUpload,
    { body: form as never },
    {
      params: { keepFileName: 'true' },
      fileMd5: bytesMd5(bytes),
    },
  );
  return response.data;
}

/** An uploaded file as an object URL for `<img>` (signed GET); the caller revokes it. */
export async function fileObjectUrl(fileId: number): Promise<string> {
  const [api, { http }] = await Promise.all([contract(), client()]);
  const response = await http.request<Blob>({
    url: api.endpointUrl(api.system.fileDownload, { id: fileId }),
    method: 'GET',
    responseType: 'blob',
    raw: true,
  });
  return URL.createObjectURL(response.data);
}

/** Uploads a file the user picked (POST /file/upload; the server checks its type and size). */
export async function uploadPicked(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return uploadFile(bytes, file.name, file.type || 'application/octet-stream');
}
