import { defineWorkflow } from './machine.js';
import { SHIPMENT_PERMISSIONS } from './sample-shipment.js';

/**
 * Sample receipt at /express/sign. The shipment itself moves with the sample-shipment workflow's `sign`
 * transition (picked_up -> signed); this machine is the state of each received sample line.
 */
export const RECEIPT_PERMISSIONS = {
  page: 'express:sign:page',
  query: 'express:sign:query',
  /** Attach or remove captured waybill / temperature printouts before the sign-off. */
  capture: 'express:sign:capture',
  receive: SHIPMENT_PERMISSIONS.sign,
} as const;

export const RECEIPT_SAMPLE_STATES = ['awaiting', 'received', 'exception'] as const;
export type ReceiptSampleState = (typeof RECEIPT_SAMPLE_STATES)[number];

/** Receipt quality of one sample line: accepted as is, or accepted with an exception (dictionary 1009 reason). */
export const RECEIPT_QUALITIES = ['qualified', 'exception'] as const;
export type ReceiptQuality = (typeof RECEIPT_QUALITIES)[number];

/** Kinds of captured images kept with a receipt. */
export const RECEIPT_IMAGE_KINDS = ['waybill', 'temperature', 'other'] as const;

/** Exception reasons come from this dictionary (abnormality type). */
export const RECEIPT_EXCEPTION_DICT = 1009;

export const sampleReceiptWorkflow = defineWorkflow({
  id: 'sampleReceipt',
  states: RECEIPT_SAMPLE_STATES,
  initial: 'awaiting',
  final: ['received', 'exception'],
  words: {
    awaiting: { 'zh-CN': '待签收', 'en-US': 'Awaiting receipt', 'zh-HK': '待簽收' },
    received: { 'zh-CN': '已签收', 'en-US': 'Received', 'zh-HK': '已簽收' },
    exception: { 'zh-CN': '异常签收', 'en-US': 'Received with exception', 'zh-HK': '異常簽收' },
  },
  transitions: {
    receive: {
      from: ['awaiting'],
      to: 'received',
      permission: RECEIPT_PERMISSIONS.receive,
      actor: 'any',
      signature: false,
    },
    receiveWithException: {
      from: ['awaiting'],
      to: 'exception',
      permission: RECEIPT_PERMISSIONS.receive,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
  },
});
export type SampleReceiptAction = keyof typeof sampleReceiptWorkflow.transitions;
