// Receives a demo shipment at the receipt desk through the API (a waybill image uploaded and
// attached, every line qualified), so specimen tests start from received samples without driving
// the document camera (lab-receipt.test.ts covers that screen).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { canonicalString, endpoints } from '../../../packages/api-contract/src/index.ts';
import { type ApiSession, apiCall } from '../web/api.ts';

/** A minimal JPEG (SOI, APP0, EOI): enough for the upload's magic-byte check. */
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==', 'base64');

async function uploadJpeg(session: ApiSession): Promise<number> {
  const path = '/api/kmct-container/file/upload';
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const contentMd5 = createHash('md5').update(JPEG).digest('base64');
  const canonical = canonicalString({ method: 'POST', path, query: [], timestamp, nonce, contentMd5 });
  const signature = createHmac('sha256', Buffer.from(session.signingKey, 'base64'))
    .update(canonical)
    .digest('base64');
  const form = new FormData();
  form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'waybill.jpg');
  const response = await fetch(`${session.baseUrl}${path}?keepFileName=true`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.token}`,
      lang: 'zh_CN',
      timestamp,
      nonce,
      Signature: signature,
      'Content-MD5': contentMd5,
    },
    body: form,
  });
  const body = (await response.json()) as { code: number; msg: string; data: { id: number } };
  if (body.code !== 200) throw new Error(`upload: ${body.code} ${body.msg}`);
  return body.data.id;
}

/** Uploads a waybill photo and attaches it to the shipment (a receipt needs one). */
export async function attachWaybillPhoto(session: ApiSession, shipmentId: number): Promise<void> {
  const fileId = await uploadJpeg(session);
  const attached = await apiCall(session, endpoints.receipt.attachImage, {
    params: { id: shipmentId },
    body: { fileId, kind: 'waybill' },
  });
  if (attached.code !== 200) throw new Error(`attach: ${attached.code} ${attached.msg}`);
}

/** Signs off the shipment with this waybill; every line received in full. Answers its id. */
export async function receiveShipment(session: ApiSession, waybill: string): Promise<number> {
  const found = await apiCall<{
    id: number;
    version: number;
    samples: Array<{ itemId: number; quantity: number }>;
  }>(session, endpoints.receipt.lookup, { query: { keyword: waybill } });
  if (found.code !== 200) throw new Error(`lookup ${waybill}: ${found.code} ${found.msg}`);
  const shipment = found.data;
  await attachWaybillPhoto(session, shipment.id);
  const received = await apiCall(session, endpoints.receipt.receive, {
    params: { id: shipment.id },
    body: {
      version: shipment.version,
      samples: shipment.samples.map((s) => ({
        itemId: s.itemId,
        quality: 'qualified',
        receivedQuantity: s.quantity,
      })),
    },
  });
  if (received.code !== 200) throw new Error(`receive: ${received.code} ${received.msg}`);
  return shipment.id;
}
