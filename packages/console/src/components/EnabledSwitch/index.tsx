import { Popconfirm, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import { useAction } from '../FormModal';

export interface EnabledSwitchProps {
  enabled: boolean;
  /** What is switched, in the confirmation and the switch's accessible name. */
  name: string;
  /** The button permission that may switch it; without it the state shows as a tag. */
  permission: string;
  testId?: string;
  /** What must happen before disabling (a department's members, say), under the confirmation. */
  disableHint?: string;
  /** Saves the new state (the list reloads through the mutation's invalidation). */
  onChange(enabled: boolean): Promise<unknown>;
}

/**
 * The enabled/disabled state of a reference record (sample type, temperature condition, …): a
 * switch behind a confirmation for those who may change it, a tag for the others.
 */
export function EnabledSwitch({
  enabled,
  name,
  permission,
  testId,
  disableHint,
  onChange,
}: EnabledSwitchProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [run, saving] = useAction();
  if (!can(permission)) {
    return (
      <Tag color={enabled ? 'success' : 'default'}>{t(enabled ? 'toggle.enabled' : 'toggle.disabled')}</Tag>
    );
  }
  return (
    <Popconfirm
      title={t(enabled ? 'toggle.confirmDisable' : 'toggle.confirmEnable', { name })}
      description={enabled ? disableHint : undefined}
      onConfirm={() => run(() => onChange(!enabled), t(enabled ? 'toggle.disabledOk' : 'toggle.enabledOk'))}
    >
      <Switch
        checked={enabled}
        loading={saving}
        size="small"
        aria-label={`${name} ${t('fields.status')}`}
        data-testid={testId}
      />
    </Popconfirm>
  );
}
