// A workflow's state as a coloured tag and its transition record.
import { stateWord, type WorkflowDef } from '@trialab/api-contract';
import { Empty, Tag, Timeline, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n, t as textOf } from '../../locales';
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
  closed: 'success',
  pending: 'warning',
  confirmed: 'success',
  active: 'success',
  published: 'success',
  online: 'success',
  // lab reports
  entered: 'processing',
  returned: 'warning',
  reviewed: 'cyan',
  released: 'success',
  superseded: 'default',
  revision_pending: 'purple',
  revision_rejected: 'error',
  // specimen barcodes and their storage
  registered: 'default',
  disabled: 'error',
  unstored: 'default',
  stored: 'processing',
  // a received sample
  awaiting: 'default',
  exception: 'warning',
  // storage unit maintenance
  planned: 'default',
  due: 'warning',
  overdue: 'error',
  done: 'success',
};

/** Whatever declares a workflow's state words (the contract's workflows). */
export type Worded = Pick<WorkflowDef<string, string>, 'words'>;

/**
 * What `state` is called in `workflow`, in the console's current language: the words the workflow
 * declares (the server says the same), never a text shared by state name across workflows. Call it
 * while rendering a component that re-renders on a language change (one that uses `useTranslation`).
 */
export function stateText(workflow: Worded, state: string): string {
  return stateWord(workflow, state, i18n.language);
}

/**
 * A state as a coloured tag, in its workflow's words; a status that belongs to no workflow (a
 * template's draft or published) names its locale group instead: `<ns>.<group>.statuses.<status>`.
 */
export function StatusTag(
  props: { status: string } & ({ workflow: Worded } | { group: string; ns: string }),
) {
  useTranslation(); // re-renders on a language change
  const { status } = props;
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={`status-${status}`}>
      {'workflow' in props
        ? stateText(props.workflow, status)
        : textOf(`${props.ns}.${props.group}.statuses.${status}`)}
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

/**
 * Who did what and when (each workflow transition): the action's name from the locale group
 * `<ns>.<group>.actions`, the state it led to in the workflow's words.
 */
export function EventTimeline({
  events,
  workflow,
  group,
  ns = 'portal',
}: {
  events: EventItem[];
  workflow: Worded;
  group: string;
  ns?: string;
}) {
  const { t } = useTranslation();
  // Who and when in the theme's secondary text (the tertiary grey fails WCAG AA contrast).
  const { token } = theme.useToken();
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        children: (
          <div data-testid="event">
            <b>{textOf(`${ns}.${group}.actions.${e.action}`, { defaultValue: e.action })}</b>
            {' → '}
            {stateText(workflow, e.toState)}
            <div style={{ color: token.colorTextSecondary }}>
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
