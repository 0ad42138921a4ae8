import {
  type BoxTimeline,
  LIBRARY_PERMISSIONS,
  LIBRARY_STATE_WORDS,
  type SpecimenTimeline,
  type TimelineEvent,
  type TimelineKind,
} from '@trialab/api-contract';
import { Button, Descriptions, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import { useEndpointQuery } from '../../services/query';
import { dash, formatTime } from '../format';
import { wordLabel } from '../libraryWords';
import { AttachmentLinks } from '../ReplyImages';

/** A colour per kind of event (the kind's word is always written beside it: never colour alone). */
const KIND_COLOURS: Record<TimelineKind, string> = {
  collection: 'gray',
  shipment: 'blue',
  receipt: 'cyan',
  bench: 'geekblue',
  test: 'purple',
  aliquot: 'magenta',
  storage: 'green',
  bill: 'orange',
  record: 'gray',
  box: 'green',
  maintenance: 'gold',
};

/**
 * A record's story as the server tells it (libraryLog timelines): each event with its kind, what
 * happened in the reader's words, the particulars, the reference, who and when, and the files
 * captured with it (downloaded through the files' own path and checks).
 */
export function RecordTimeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t } = useTranslation('libraryLog');
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={events.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: KIND_COLOURS[e.kind],
        children: (
          <div data-testid="timeline-event" data-kind={e.kind}>
            {/* antd's grey tag lacks contrast: grey kinds take the default tag. */}
            <Tag color={KIND_COLOURS[e.kind] === 'gray' ? undefined : KIND_COLOURS[e.kind]}>
              {t(`kinds.${e.kind}`)}
            </Tag>
            <Typography.Text strong>{e.title}</Typography.Text>
            {e.reference && (
              <Tag bordered={false} style={{ marginLeft: 8 }}>
                {e.reference}
              </Tag>
            )}
            {e.detail && <div>{e.detail}</div>}
            <div>
              <Typography.Text type="secondary">
                {dash(e.who)} · {formatTime(e.at)}
              </Typography.Text>
            </div>
            <AttachmentLinks files={e.files.map((f) => ({ fileId: f.id, name: f.name }))} />
          </div>
        ),
      }))}
    />
  );
}

function TimelineDrawer({
  title,
  loading,
  head,
  events,
  onClose,
  testId,
}: {
  title: ReactNode;
  loading: boolean;
  head: ReactNode;
  events: readonly TimelineEvent[] | undefined;
  onClose(): void;
  testId: string;
}) {
  return (
    <Drawer open title={title} width={640} onClose={onClose} destroyOnHidden>
      <div data-testid={testId}>
        {loading && !events ? (
          <Spin />
        ) : (
          <>
            {head}
            <div style={{ marginTop: 16 }}>
              <RecordTimeline events={events ?? []} />
            </div>
          </>
        )}
      </div>
    </Drawer>
  );
}

/** A specimen's timeline in a drawer, by its barcode (null: closed). */
export function SpecimenTimelineDrawer({ code, onClose }: { code: string | null; onClose(): void }) {
  const { t } = useTranslation('libraryLog');
  const query = useEndpointQuery(
    (c) => c.libraryLog.specimenTimeline,
    { body: { code: code ?? '' } },
    { enabled: code !== null },
  );
  if (code === null) return null;
  const data = query.data?.data as SpecimenTimeline | undefined;
  const s = data?.specimen;
  return (
    <TimelineDrawer
      testId="specimen-timeline"
      title={t('timeline.specimen', { code })}
      loading={query.isLoading}
      onClose={onClose}
      events={data?.events}
      head={
        s && (
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('timeline.project')}>{s.projectNo}</Descriptions.Item>
            <Descriptions.Item label={t('timeline.subject')}>{dash(s.subjectNo)}</Descriptions.Item>
            <Descriptions.Item label={t('timeline.visit')}>{dash(s.visit)}</Descriptions.Item>
            <Descriptions.Item label={t('timeline.sampleType')}>{dash(s.sampleTypeName)}</Descriptions.Item>
            <Descriptions.Item label={t('timeline.state')}>
              {wordLabel(LIBRARY_STATE_WORDS, s.library)}
            </Descriptions.Item>
            <Descriptions.Item label={t('timeline.freezeThaw')}>{s.freezeThaw}</Descriptions.Item>
            <Descriptions.Item label={t('timeline.place')} span={2}>
              {dash(s.place)}
            </Descriptions.Item>
          </Descriptions>
        )
      }
    />
  );
}

/** A box's timeline in a drawer (null: closed). */
export function BoxTimelineDrawer({
  box,
  onClose,
}: {
  box: { id: number; code: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('libraryLog');
  const query = useEndpointQuery(
    (c) => c.libraryLog.boxTimeline,
    { body: { id: box?.id ?? 0 } },
    { enabled: box !== null },
  );
  if (box === null) return null;
  const data = query.data?.data as BoxTimeline | undefined;
  return (
    <TimelineDrawer
      testId="box-timeline"
      title={t('timeline.box', { code: box.code })}
      loading={query.isLoading}
      onClose={onClose}
      events={data?.events}
      head={
        data && (
          <Descriptions size="small" bordered column={1}>
            <Descriptions.Item label={t('timeline.place')}>{data.box.place}</Descriptions.Item>
          </Descriptions>
        )
      }
    />
  );
}

/** Whether the user may open timelines (they read the custody log). */
export function useTimelineAccess(): boolean {
  return useAccess().hasAny([LIBRARY_PERMISSIONS.logPage]);
}

/** A link-style button opening a timeline, shown only to those who may read it. */
export function TimelineButton({ onClick, testId }: { onClick(): void; testId?: string }) {
  const { t } = useTranslation('libraryLog');
  if (!useTimelineAccess()) return null;
  return (
    <Button type="link" size="small" onClick={onClick} data-testid={testId}>
      {t('timeline.open')}
    </Button>
  );
}
