import { defineWorkflow } from './machine.js';

/** Kit supply confirmation (SPEC section 4): a site confirms it can be supplied with a plan kit. */
export const KIT_SUPPLY_STATES = ['pending', 'confirmed'] as const;
export type KitSupplyState = (typeof KIT_SUPPLY_STATES)[number];

export const KIT_SUPPLY_PERMISSIONS = {
  page: 'web:receipt-check:page',
  confirm: 'web:receipt-check:confirm',
} as const;

export const kitSupplyWorkflow = defineWorkflow({
  id: 'kitSupply',
  states: KIT_SUPPLY_STATES,
  initial: 'pending',
  final: ['confirmed'],
  words: {
    pending: { 'zh-CN': '待确认', 'en-US': 'Awaiting confirmation', 'zh-HK': '待確認' },
    confirmed: { 'zh-CN': '已确认', 'en-US': 'Confirmed', 'zh-HK': '已確認' },
  },
  transitions: {
    confirm: {
      from: ['pending'],
      to: 'confirmed',
      permission: KIT_SUPPLY_PERMISSIONS.confirm,
      actor: 'any',
      signature: false,
    },
  },
});
export type KitSupplyAction = keyof typeof kitSupplyWorkflow.transitions;
