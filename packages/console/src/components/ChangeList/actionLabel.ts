import { t } from '../../locales';

// Composed from the id at run time, so through the untyped `t`; '' marks a missing text.
const text = (key: string) => t(key, { defaultValue: '' });

/**
 * An audit action id (`<area>.<verb>`: `user.create`, `testOrder.approve`) in the user's language:
 * the area from the operation log's texts or the workflow's name, the verb from the log's texts or
 * the workflow action's; an id either part of which has no text shows as it is.
 */
export function actionLabel(action: string): string {
  const dot = action.indexOf('.');
  if (dot < 0) return action;
  const area = action.slice(0, dot);
  const verb = action.slice(dot + 1);
  const areaName = text(`system.operationLog.audit.areas.${area}`) || text(`home.workflows.${area}`);
  const verbName = text(`system.operationLog.audit.verbs.${verb}`) || text(`home.actions.${verb}`);
  return areaName && verbName ? `${areaName} · ${verbName}` : action;
}
