import {
  availableActions,
  clarificationQueryWorkflow,
  PORTAL_LIMITS,
  replyContent,
} from '@trialab/api-contract';
import { Alert, Button, Card, Descriptions, Divider, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import { DictText } from '../../../components/DictSelect';
import { useAction } from '../../../components/FormModal';
import { dash, formatTime } from '../../../components/format';
import { AttachmentLinks, FileImages, ReplyFileUpload } from '../../../components/ReplyImages';
import { ShowLimit } from '../../../components/ShowLimit';
import { EventTimeline, StatusTag } from '../../../components/StatusTag';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

/** /web/question-details?id=: a query with its reply record; reply of 8 to 255 characters. */
export default function QuestionDetailsPage() {
  const { t } = useTranslation();
  const { t: q } = useTranslation('portal', { keyPrefix: 'question' });
  const navigate = useNavigate();
  const { can } = useAccess();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  // Viewing resolves a query that needs no clarification (server side).
  const detail = useEndpointQuery(
    (c) => c.clarification.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const reply = useEndpointMutation((c) => c.clarification.reply, {
    invalidates: [(c) => c.clarification.get, (c) => c.clarification.paging],
  });
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const [run, sending] = useAction();
  const [imageFileIds, setImageFileIds] = useState<number[]>([]);
  const [attachmentFileIds, setAttachmentFileIds] = useState<number[]>([]);
  const [sent, setSent] = useState(0);

  const send = async () => {
    if (!detail) return;
    // The contract's rule, the same the server applies.
    if (!replyContent.safeParse(content).success) {
      setError(t('portal.validation.reply'));
      return;
    }
    setError(undefined);
    const done = await run(
      () =>
        reply.mutateAsync({
          params: { id: detail.id },
          body: { version: detail.version, content: content.trim(), imageFileIds, attachmentFileIds },
        }),
      q('repliedOk'),
    );
    if (!done) return;
    setContent('');
    setImageFileIds([]);
    setAttachmentFileIds([]);
    setSent((n) => n + 1);
  };

  if (!id) return <Card>{t('portal.shipment.none')}</Card>;
  if (!detail) return <Card loading />;
  const canReply = availableActions(clarificationQueryWorkflow, detail.status, {
    can: (p) => can(p),
    isApplicant: false,
  }).includes('reply');
  return (
    <Card
      title={q('detail')}
      extra={<Button onClick={() => navigate('/web/question')}>{t('portal.shared.back')}</Button>}
    >
      {!detail.needsClarification && detail.status === 'resolved' && (
        <Alert type="success" showIcon style={{ marginBottom: 16 }} message={q('autoResolved')} />
      )}
      <Descriptions size="small" bordered column={3} data-testid="query-detail">
        <Descriptions.Item label={q('queryNo')}>{detail.queryNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <StatusTag workflow={clarificationQueryWorkflow} status={detail.status} />
        </Descriptions.Item>
        <Descriptions.Item label={q('queryType')}>
          <DictText dictNo={1020} value={detail.queryType} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.project')}>{detail.projectNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.site')}>
          {detail.siteNo} {detail.siteName}
        </Descriptions.Item>
        <Descriptions.Item label={q('subjectNo')}>{detail.subjectNo}</Descriptions.Item>
        <Descriptions.Item label={q('visit')}>{dash(detail.visit)}</Descriptions.Item>
        <Descriptions.Item label={q('barcode')}>{dash(detail.barcode)}</Descriptions.Item>
        <Descriptions.Item label={q('needsClarification')}>
          {t(detail.needsClarification ? 'portal.shared.yes' : 'portal.shared.no')}
        </Descriptions.Item>
        <Descriptions.Item label={q('raisedBy')}>{detail.raisedByName}</Descriptions.Item>
        <Descriptions.Item label={q('raisedAt')}>{formatTime(detail.raisedAt)}</Descriptions.Item>
        <Descriptions.Item label={q('resolvedAt')}>{formatTime(detail.resolvedAt)}</Descriptions.Item>
        <Descriptions.Item label={q('content')} span={3}>
          {detail.content}
          <FileImages fileIds={detail.imageFileIds} />
        </Descriptions.Item>
      </Descriptions>
      <Divider />
      <Typography.Title level={5}>{q('replies')}</Typography.Title>
      <List
        dataSource={detail.replies}
        locale={{ emptyText: t('portal.shipment.none') }}
        renderItem={(reply) => (
          <List.Item data-testid="query-reply">
            <List.Item.Meta
              title={`${reply.username} · ${formatTime(reply.at)}`}
              description={
                <>
                  {reply.content}
                  <FileImages fileIds={reply.imageFileIds} />
                  <AttachmentLinks files={reply.attachments} />
                </>
              }
            />
          </List.Item>
        )}
      />
      {canReply && (
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item
            label={q('reply')}
            validateStatus={error ? 'error' : undefined}
            help={error}
            extra={<ShowLimit value={content} max={PORTAL_LIMITS.replyMax} />}
          >
            <Input.TextArea
              rows={3}
              value={content}
              placeholder={q('replyPlaceholder')}
              onChange={(e) => setContent(e.target.value)}
              data-testid="query-reply-input"
            />
          </Form.Item>
          <Form.Item label={t('portalAdmin.reply.images')} extra={t('portalAdmin.reply.imagesHint')}>
            <ReplyFileUpload kind="image" onChange={setImageFileIds} resetKey={sent} />
          </Form.Item>
          <Form.Item
            label={t('portalAdmin.reply.attachments')}
            extra={t('portalAdmin.reply.attachmentsHint')}
          >
            <ReplyFileUpload kind="document" onChange={setAttachmentFileIds} resetKey={sent} />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              loading={sending}
              onClick={() => void send()}
              data-testid="query-reply-send"
            >
              {q('reply')}
            </Button>
          </Space>
        </Form>
      )}
      <Divider />
      <Typography.Title level={5}>{t('portal.shared.history')}</Typography.Title>
      <EventTimeline events={detail.events} group="question" workflow={clarificationQueryWorkflow} />
    </Card>
  );
}
