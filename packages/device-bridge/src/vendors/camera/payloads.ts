import { randomUUID } from 'node:crypto';
import {
  BridgeError,
  type CameraState,
  type CardType,
  ErrorCode,
  interpretCameraCode,
} from '@trialab/device-protocol';
import { cleanBase64, malformed, str } from '../http.js';
import type { CameraStatus, CaptureParams, CaptureResult, IdCardResult } from '../types.js';

/*
 * The camera service's payloads and codes, mapped to protocol types in this one place. Tolerates both
 * builds of VENDOR-NOTES.md: code "0" or 0, both grab-image shapes, both face APIs, optional ID fields.
 * Which command a build lacks is decided by behaviour, never from an answer's words (forms.ts).
 */

/** Request bodies: JSON text whose values are all strings (nested objects likewise). */
export function encodeBody(body: Record<string, string | Record<string, string>>): string {
  return JSON.stringify(body);
}

/** Throws the operation's typed error unless the answer's code is success ("0" or 0). */
export function expectSuccess(answer: Record<string, unknown>, failure: ErrorCode, operation: string): void {
  if (!('code' in answer)) throw malformed('camera', operation, 'answer has no code');
  const verdict = interpretCameraCode(
    answer.code,
    failure,
    str(answer.message) || str(answer.msg) || undefined,
  );
  if (verdict.outcome === 'error') {
    const { error } = verdict;
    throw new BridgeError(error.code, error.message, {
      details: { ...error.details, operation },
      retryable: error.retryable,
    });
  }
}

function cameraState(value: unknown): CameraState {
  const text = str(value)?.toLowerCase();
  return text === 'ok' || text === 'run' ? text : 'no';
}

export function readStatus(answer: Record<string, unknown>): CameraStatus {
  expectSuccess(answer, ErrorCode.VENDOR_ERROR, 'video=status');
  return { video0: cameraState(answer.video0), video1: cameraState(answer.video1) };
}

export function readResolution(answer: Record<string, unknown>): string {
  expectSuccess(answer, ErrorCode.VENDOR_ERROR, 'param=get');
  const text = str(answer.resolution);
  if (text && /^\d+x\d+$/i.test(text)) return text.toLowerCase();
  const width = str(answer.width);
  const height = str(answer.height);
  if (width && height && /^\d+$/.test(width) && /^\d+$/.test(height)) return `${width}x${height}`;
  throw malformed('camera', 'param=get', 'answer has no resolution');
}

/** Both grab-image request shapes in one body: older builds read filepath/deskew/ColorMode/quality. */
export function captureBody(params: CaptureParams): Record<string, string | Record<string, string>> {
  const cut = params.cutType > 0 ? '1' : '0';
  return {
    camidx: String(params.camera),
    make_uuid: params.makeUuid ? '1' : '0',
    image_storage_info: {
      xdpi: String(params.xdpi),
      ydpi: String(params.ydpi),
      jpg_quality: String(params.jpgQuality),
    },
    image_process_info: {
      cut_type: String(params.cutType),
      multi_object: params.multiObject ? '1' : '0',
      rotate: String(params.rotate),
      reduce_shadow: params.reduceShadow ? '1' : '0',
    },
    rotate: String(params.rotate),
    // Older builds (VENDOR-NOTES): answer in base64, `deskew` (formerly `cutpage`), colour, quality.
    filepath: 'base64',
    deskew: cut,
    cutpage: cut,
    ColorMode: '0',
    quality: String(params.jpgQuality),
  };
}

export function readCapture(answer: Record<string, unknown>, params: CaptureParams): CaptureResult {
  expectSuccess(answer, ErrorCode.CAPTURE_FAILED, 'video=grabimage');
  const images: CaptureResult['images'] = [];
  if (Array.isArray(answer.images)) {
    for (const [i, item] of answer.images.entries()) {
      if (typeof item !== 'object' || item === null) continue;
      const image = item as Record<string, unknown>;
      const base64 = cleanBase64(image.base64);
      if (!base64) continue;
      const index = Number(str(image.index) ?? i);
      const filepath = str(image.filepath);
      images.push({
        index: Number.isInteger(index) && index >= 0 ? index : i,
        uuid: str(image.uuid) || randomUUID().replace(/-/g, ''),
        base64,
        ...(filepath && filepath !== 'base64' ? { filepath } : {}),
      });
    }
  } else {
    const base64 = cleanBase64(answer.photoBase64);
    if (base64) {
      const filepath = str(answer.filepath);
      images.push({
        index: 0,
        uuid: randomUUID().replace(/-/g, ''),
        base64,
        ...(filepath && filepath !== 'base64' ? { filepath } : {}),
      });
    }
  }
  if (images.length === 0) throw malformed('camera', 'video=grabimage', 'answer holds no image');
  return { camera: params.camera, imageCount: images.length, images };
}

/**
 * The 0-100 score, as a number or a numeric string: `confidence` (newer `face=verifybase64`), `score`
 * or `similarity` (other builds), or the bare `data` of older `comparison=imgdata` builds
 * (`{"code":"0","data":"87"}`, VENDOR-NOTES).
 */
export function readFaceScore(answer: Record<string, unknown>, operation: string): number {
  expectSuccess(answer, ErrorCode.FACE_VERIFY_FAILED, operation);
  const raw = str(answer.confidence) ?? str(answer.score) ?? str(answer.similarity) ?? str(answer.data);
  const score = raw === undefined ? Number.NaN : Number(raw);
  if (!Number.isFinite(score)) throw malformed('camera', operation, 'answer has no confidence');
  // Some builds answer 0-1 instead of 0-100.
  const scaled = score > 0 && score <= 1 && raw?.includes('.') ? score * 100 : score;
  return Math.min(100, Math.max(0, scaled));
}

function optional(info: Record<string, unknown>, key: string): string | undefined {
  const value = str(info[key]);
  return value ? value : undefined;
}

/** SPEC card types: B mainland without fingerprint, C with, J HK/Macau/Taiwan, I foreigner, A unknown. */
function cardTypeOf(info: Record<string, unknown>, cardID: string, hasFinger: boolean): CardType {
  const given = str(info.cardType)?.toUpperCase();
  if (given === 'A' || given === 'B' || given === 'C' || given === 'J' || given === 'I') return given;
  if (optional(info, 'passportId') || /^[A-Z]{3}\d{12}$/.test(cardID)) return 'I';
  if (/^8[123]\d{15}[\dX]$/i.test(cardID)) return 'J';
  if (/^\d{17}[\dX]$/i.test(cardID)) return hasFinger ? 'C' : 'B';
  return 'A';
}

export function readIdCard(answer: Record<string, unknown>): IdCardResult {
  expectSuccess(answer, ErrorCode.IDCARD_READ_FAILED, 'card=idcard');
  let info = answer.IDCardInfo ?? answer.IdCardInfo ?? answer.idCardInfo;
  if (typeof info === 'string') {
    try {
      info = JSON.parse(info);
    } catch {
      throw malformed('camera', 'card=idcard', 'IDCardInfo is not JSON');
    }
  }
  if (typeof info !== 'object' || info === null)
    throw malformed('camera', 'card=idcard', 'answer has no IDCardInfo');
  const fields = info as Record<string, unknown>;
  const name = optional(fields, 'name');
  const cardID = optional(fields, 'cardID') ?? optional(fields, 'cardId') ?? optional(fields, 'IDNumber');
  if (!name || !cardID) throw malformed('camera', 'card=idcard', 'IDCardInfo lacks name or cardID');
  const fingerBase64 = cleanBase64(fields.fingerBase64);
  const card: IdCardResult = {
    cardType: cardTypeOf(fields, cardID, fingerBase64 !== undefined),
    name,
    cardID,
  };
  const text: Array<[keyof IdCardResult, string]> = [
    ['sex', 'sex'],
    ['sexCode', 'sexCode'],
    ['birthday', 'birthday'],
    ['address', 'address'],
    ['issueOrgan', 'issueOrgan'],
    ['validStart', 'validStart'],
    ['validEnd', 'validEnd'],
    ['nationCode', 'nationCode'],
    ['nation', 'nation'],
    ['appendMsg', 'appendMsg'],
    ['uid', 'strIDUID'],
    ['passportId', 'passportId'],
  ];
  const out = card as Record<string, unknown>;
  for (const [to, from] of text) {
    const value = optional(fields, from);
    if (value) out[to] = value;
  }
  const images: Array<[keyof IdCardResult, string]> = [
    ['photoBase64', 'photoBase64'],
    ['photoFrontBase64', 'photoBase64_Z'],
    ['photoBackBase64', 'photoBase64_F'],
  ];
  for (const [to, from] of images) {
    const value = cleanBase64(fields[from]);
    if (value) out[to] = value;
  }
  if (fingerBase64) card.fingerBase64 = fingerBase64;
  return card;
}
