import {
  accountApplicationWorkflow,
  clarificationQueryWorkflow,
  consumableOrderWorkflow,
  sampleShipmentWorkflow,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGES } from '../../locales';

// StatusTag and EventTimeline compose their keys from data (`<ns>.<group>.statuses.<state>`), which
// the typecheck cannot follow: every workflow shown with them must have a text for each state.
const SHOWN: { group: string; states: readonly string[] }[] = [
  { group: 'portal.consumable', states: consumableOrderWorkflow.states },
  { group: 'portal.shipment', states: sampleShipmentWorkflow.states },
  { group: 'portal.question', states: clarificationQueryWorkflow.states },
  { group: 'portalAdmin.application', states: accountApplicationWorkflow.states },
  { group: 'portalAdmin.doc', states: sharedDocumentWorkflows.original.states },
];

describe('workflow state texts', () => {
  it.each(LANGUAGES)('%s has a text for every state of every workflow shown as a tag', async (lang) => {
    await i18n.loadLanguages(lang);
    await i18n.loadNamespaces(['portal', 'portalAdmin']);
    const text = i18n.getFixedT(lang) as (key: string) => string;
    for (const { group, states } of SHOWN) {
      for (const state of states) {
        const key = `${group}.statuses.${state}`;
        expect(text(key), key).not.toBe(key);
      }
    }
  });
});
