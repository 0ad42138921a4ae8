import { defineWorkflow } from './machine.js';

/** Permissions of the specimen intake screens (before-analysis). */
export const SPECIMEN_PERMISSIONS = {
  /** register-sample-code */
  codePage: 'laboratory:before-analysis-register-sample-code:page',
  codeCreate: 'laboratory:before-analysis-register-sample-code:create',
  codeUpdate: 'laboratory:before-analysis-register-sample-code:update',
  /** specimen-sign */
  signPage: 'laboratory:before-analysis-specimen-sign:page',
  sign: 'laboratory:before-analysis-specimen-sign:sign',
  /** manage-sub-barcode */
  subPage: 'laboratory:before-analysis-manage-sub-barcode:page',
  subCreate: 'laboratory:before-analysis-manage-sub-barcode:create',
  subDisable: 'laboratory:before-analysis-manage-sub-barcode:disable',
  /** specimen-staging (lists, details, logs, export) and its devices and containers */
  stagingPage: 'laboratory:before-analysis-specimen-staging:page',
  stagingQuery: 'laboratory:before-analysis-specimen-staging:query',
  stagingExport: 'laboratory:before-analysis-specimen-staging:export',
  device: 'laboratory:before-analysis-specimen-staging:device',
  /** specimen-inside / specimen-outside */
  storeIn: 'laboratory:before-analysis-specimen-inside:in',
  takeOut: 'laboratory:before-analysis-specimen-outside:out',
} as const;

export const SPECIMEN_BARCODE_STATES = ['registered', 'signed', 'disabled'] as const;
export type SpecimenBarcodeState = (typeof SPECIMEN_BARCODE_STATES)[number];

/**
 * A sample barcode: registered for a project (pre-printed label), signed for at the bench once its
 * sample has been received, disabled (sub-barcodes: aliquot disposed or label spoilt; suffix not reused).
 */
export const specimenBarcodeWorkflow = defineWorkflow({
  id: 'specimenBarcode',
  states: SPECIMEN_BARCODE_STATES,
  initial: 'registered',
  final: ['disabled'],
  words: {
    registered: { 'zh-CN': '已登记', 'en-US': 'Registered', 'zh-HK': '已登記' },
    signed: { 'zh-CN': '已签收', 'en-US': 'Signed for', 'zh-HK': '已簽收' },
    disabled: { 'zh-CN': '已停用', 'en-US': 'Disabled', 'zh-HK': '已停用' },
  },
  transitions: {
    sign: {
      from: ['registered'],
      to: 'signed',
      permission: SPECIMEN_PERMISSIONS.sign,
      actor: 'any',
      signature: false,
    },
    disable: {
      from: ['registered', 'signed'],
      to: 'disabled',
      permission: SPECIMEN_PERMISSIONS.subDisable,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type SpecimenBarcodeAction = keyof typeof specimenBarcodeWorkflow.transitions;

export const SAMPLE_STORAGE_STATES = ['unstored', 'stored'] as const;
export type SampleStorageState = (typeof SAMPLE_STORAGE_STATES)[number];

/** Temporary storage of a signed sample: put in a container position, taken out with a reason. */
export const sampleStorageWorkflow = defineWorkflow({
  id: 'sampleStorage',
  states: SAMPLE_STORAGE_STATES,
  initial: 'unstored',
  final: [],
  words: {
    unstored: { 'zh-CN': '未暂存', 'en-US': 'Not stored', 'zh-HK': '未暫存' },
    stored: { 'zh-CN': '暂存中', 'en-US': 'In storage', 'zh-HK': '暫存中' },
  },
  transitions: {
    putIn: {
      from: ['unstored'],
      to: 'stored',
      permission: SPECIMEN_PERMISSIONS.storeIn,
      actor: 'any',
      signature: false,
    },
    takeOut: {
      from: ['stored'],
      to: 'unstored',
      permission: SPECIMEN_PERMISSIONS.takeOut,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type SampleStorageAction = keyof typeof sampleStorageWorkflow.transitions;

/** At most this many codes are registered at once (a range or a list). */
export const SAMPLE_CODE_BATCH_MAX = 1000;

/** Sub-barcode suffixes: `-01` .. `-99` per parent barcode, issued in order and never reused. */
export const SUB_BARCODE_MAX_SUFFIX = 99;
export const subBarcodeCode = (parent: string, suffix: number): string =>
  `${parent}-${String(suffix).padStart(2, '0')}`;

/** Container positions: rows are letters (A = 1), columns numbers, e.g. `C7`. */
export const STORAGE_MAX_ROWS = 26;
export const STORAGE_MAX_COLS = 30;
export function positionLabel(row: number, col: number): string {
  return `${String.fromCharCode(64 + row)}${col}`;
}
/** `B3` -> {row: 2, col: 3}; null when malformed. */
export function parsePosition(label: string): { row: number; col: number } | null {
  const match = /^([A-Za-z])(\d{1,2})$/.exec(label.trim());
  if (!match?.[1] || !match[2]) return null;
  const row = match[1].toUpperCase().charCodeAt(0) - 64;
  const col = Number(match[2]);
  if (col < 1) return null;
  return { row, col };
}

export const STORAGE_DEVICE_KINDS = ['fridge', 'freezer', 'deep_freezer', 'cabinet'] as const;
export const STORAGE_CONTAINER_KINDS = ['box', 'rack'] as const;
export const STORAGE_LOG_ACTIONS = [
  'in',
  'out',
  'device_create',
  'device_update',
  'container_create',
  'container_update',
] as const;

/** Why a row of a storage import cannot be stored (the preview flags it; nothing changes). */
export const IMPORT_ROW_PROBLEMS = [
  'malformed',
  'unknown',
  'duplicate',
  'stored',
  'notSigned',
  'disabled',
  'temperature',
  'positionInvalid',
  'positionTaken',
  'full',
] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];
