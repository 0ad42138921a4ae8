import { stateWord, workflowById } from '@trialab/api-contract';
import { i18n, t } from '../../locales';

/** A kind of pending item from the server, named by its contract ids. */
export interface KindIds {
  workflow: string;
  state: string;
  actions: string[];
  route: string;
  /** A counted to-do's link filter (not a workflow's state). */
  query?: string;
}

// Words come from the `todo` namespace; a workflow added later without texts shows its ids.
const word = (group: string, id: string) => t(`home.${group}.${id}`, { defaultValue: id });

/** "Test orders" */
export const workflowName = (workflow: string) => word('workflows', workflow);

/** The state in its workflow's words ("approved" is awaiting dispatch only for consumable applications). */
const stateName = (kind: KindIds) => {
  const workflow = workflowById(kind.workflow);
  return workflow
    ? stateWord(workflow, kind.state, i18n.language)
    : t(`home.counted.${kind.workflow}.${kind.state}`, { defaultValue: kind.state });
};

/** "Test orders · Awaiting review" */
export const kindName = (kind: KindIds) => `${workflowName(kind.workflow)} · ${stateName(kind)}`;

/** "approve, reject" */
export const actionWords = (kind: KindIds) =>
  kind.actions.map((action) => word('actions', action)).join(t('home.sep'));

/** The list page of the kind, filtered to its state (a counted to-do: to what it counts). */
export const kindLink = (kind: KindIds) =>
  kind.query ? `${kind.route}?${kind.query}` : `${kind.route}?status=${encodeURIComponent(kind.state)}`;
