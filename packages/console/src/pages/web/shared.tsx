// Pieces every portal page uses: form rules from the contract's limits, status tags
// and the transition record.
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN } from '@trialab/api-contract';
import { Empty, Tag, Timeline } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Form rules of SPEC section 5 (the server checks the same with the contract's schemas). */
export const rules = {
  required: (t: Translate, field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('web.common.required', { field }),
  }),
  chosen: (t: Translate, field: string): Rule => ({
    required: true,
    message: t('web.common.select', { field }),
  }),
  max: (t: Translate, field: string, max: number): Rule => ({
    max,
    message: t('web.common.maxLength', { field, max }),
  }),
  phone: (t: Translate): Rule => ({ pattern: PHONE_PATTERN, message: t('web.validation.phone') }),
  name: (t: Translate): Rule => ({ pattern: NAME_PATTERN, message: t('web.validation.name') }),
  email: (t: Translate): Rule => ({ pattern: EMAIL_PATTERN, message: t('web.validation.email') }),
};

/** An empty value (null, undefined or '') shown as '-' in tables and details. */
export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '-' : v;

export const formatTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';

const COLORS: Record<string, string> = {
  submitted: 'processing',
  withdrawn: 'default',
  rejected: 'error',
  approved: 'warning',
  dispatched: 'cyan',
  received: 'success',
  cancelled: 'default',
  booked: 'processing',
  picked_up: 'cyan',
  signed: 'success',
  open: 'error',
  answered: 'processing',
  resolved: 'success',
  pending: 'warning',
  confirmed: 'success',
  active: 'success',
};

/**
 * A state as a coloured tag; `group` is the locale group of the workflow (consumable, shipment,
 * question) in the namespace `ns` (`web` unless given).
 */
export function StatusTag({ group, status, ns = 'web' }: { group: string; status: string; ns?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={`status-${status}`}>
      {t(`${ns}.${group}.statuses.${status}`)}
    </Tag>
  );
}

export interface EventItem {
  id: number;
  action: string;
  toState: string;
  username: string | null;
  at: string;
  reason: string | null;
}

/** Who did what and when (each workflow transition). */
export function EventTimeline({
  events,
  group,
  ns = 'web',
}: {
  events: EventItem[];
  group: string;
  ns?: string;
}) {
  const { t } = useTranslation();
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        children: (
          <div data-testid="event">
            <b>{t(`${ns}.${group}.actions.${e.action}`, { defaultValue: e.action })}</b>
            {' → '}
            {t(`${ns}.${group}.statuses.${e.toState}`)}
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>
              {e.username ?? '-'} · {formatTime(e.at)}
            </div>
            {e.reason && (
              <div>
                {t('web.common.reason')}：{e.reason}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
