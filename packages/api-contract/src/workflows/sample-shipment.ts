import { defineWorkflow } from './machine.js';

/** Sample shipment booking (SPEC sections 3 and 4). */
export const SAMPLE_SHIPMENT_STATES = ['booked', 'picked_up', 'signed', 'cancelled'] as const;
export type SampleShipmentState = (typeof SAMPLE_SHIPMENT_STATES)[number];

export const SHIPMENT_PERMISSIONS = {
  page: 'web:reserve-check:page',
  query: 'web:reserve-check:query',
  create: 'web:reserve-check:create',
  update: 'web:reserve-check:update',
  cancel: 'web:reserve-check:cancel',
  download: 'web:reserve-check:download',
  /** Internal staff (logistics): courier pick-up and receipt sign-off. */
  pickup: 'express:mail:pickup',
  sign: 'express:sign:receive',
  /** Internal staff (logistics): correct a booking before pick-up, with a reason the site sees. */
  correct: 'express:edit-check:update',
} as const;

export const sampleShipmentWorkflow = defineWorkflow({
  id: 'sampleShipment',
  states: SAMPLE_SHIPMENT_STATES,
  initial: 'booked',
  final: ['signed', 'cancelled'],
  words: {
    booked: { 'zh-CN': '已预约', 'en-US': 'Booked', 'zh-HK': '已預約' },
    picked_up: { 'zh-CN': '运输中', 'en-US': 'In transit', 'zh-HK': '運輸中' },
    signed: { 'zh-CN': '已签收', 'en-US': 'Signed for', 'zh-HK': '已簽收' },
    cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'zh-HK': '已取消' },
  },
  transitions: {
    edit: {
      from: ['booked'],
      to: 'booked',
      permission: SHIPMENT_PERMISSIONS.update,
      actor: 'any',
      signature: false,
    },
    cancel: {
      from: ['booked'],
      to: 'cancelled',
      permission: SHIPMENT_PERMISSIONS.cancel,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
    correct: {
      from: ['booked'],
      to: 'booked',
      permission: SHIPMENT_PERMISSIONS.correct,
      actor: 'any',
      reason: { required: true, max: 255 },
      signature: false,
    },
    pickup: {
      from: ['booked'],
      to: 'picked_up',
      permission: SHIPMENT_PERMISSIONS.pickup,
      actor: 'any',
      signature: false,
    },
    sign: {
      from: ['picked_up'],
      to: 'signed',
      permission: SHIPMENT_PERMISSIONS.sign,
      actor: 'any',
      signature: false,
    },
  },
});
export type SampleShipmentAction = keyof typeof sampleShipmentWorkflow.transitions;
