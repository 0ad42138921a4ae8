// A workflow's state as a coloured tag and its transition record.
import { Empty, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { t as textOf } from '../../locales';
import { dash, formatTime } from '../format';

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
  published: 'success',
  online: 'success',
};

/**
 * A state as a coloured tag; `group` is the locale group of the workflow (consumable, shipment,
 * question) in the namespace `ns` (`web` unless given).
 */
export function StatusTag({ group, status, ns = 'portal' }: { group: string; status: string; ns?: string }) {
  useTranslation(); // re-renders on a language change
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={`status-${status}`}>
      {textOf(`${ns}.${group}.statuses.${status}`)}
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
  ns = 'portal',
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
            <b>{textOf(`${ns}.${group}.actions.${e.action}`, { defaultValue: e.action })}</b>
            {' → '}
            {textOf(`${ns}.${group}.statuses.${e.toState}`)}
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>
              {dash(e.username)} · {formatTime(e.at)}
            </div>
            {e.reason && (
              <div>
                {t('portal.shared.reason')}：{e.reason}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
