import {
  FEEDBACK_PERMISSIONS,
  FEEDBACK_STATES,
  type FeedbackState,
  labFeedbackWorkflow,
  PORTAL_LIMITS,
} from '@trialab/api-contract';
import { Button, Form, Input, Modal, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Permission } from '../../../../access/gates';
import { useAccess } from '../../../../access/useAccess';
import type { DataColumn } from '../../../../components/DataTable';
import { dash, formatTime } from '../../../../components/format';
import { ListPage, StatesFilter, useListPage } from '../../../../components/ListPage';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { type FeedbackRow, labQueriesApi } from '../../../../services/labQueries';
import { useSession } from '../../../../stores/session';
import { feedback as toast } from '../../../../utils/feedback';

interface Filter {
  keyword?: string;
  status?: FeedbackState[];
  queryId?: number;
}

const COLORS: Record<FeedbackState, string> = { open: 'error', answered: 'processing', closed: 'success' };

/**
 * Feedback from the lab bench to the project manager. The bench (`side` lab) raises it about a query
 * (`?queryId=`) or a barcode (`?barcode=`) and closes it once answered; the project manager (`side`
 * project) answers it. Buttons come from the labFeedback workflow.
 */
export function FeedbackList({ side }: { side: 'lab' | 'project' }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`labQueries.feedback.${key}`);
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [params] = useSearchParams();
  const queryId = Number(params.get('queryId')) || undefined;
  const barcode = params.get('barcode') ?? undefined;
  const list = useListPage(
    (c) => (side === 'lab' ? c.labFeedback.labPaging : c.labFeedback.projectPaging),
    (queryId ? { queryId } : {}) as Filter,
  );
  const [creating, setCreating] = useState(false);

  // Opened from a query or a sample: the form starts with it.
  useEffect(() => {
    if (side === 'lab' && (queryId || barcode) && can(FEEDBACK_PERMISSIONS.create)) setCreating(true);
  }, [side, queryId, barcode, can]);

  const close = async (row: FeedbackRow) => {
    try {
      await labQueriesApi.feedbackClose(row.id, row.version);
      toast.success(f('closed'));
      await list.reload();
    } catch {
      // Shown by the request helper.
    }
  };
  // Not caught: a refused answer keeps the answer dialog open (WorkflowActions).
  const respond = async (row: FeedbackRow, response: string | null) => {
    await labQueriesApi.feedbackRespond(row.id, row.version, response ?? '');
    toast.success(f('responded'));
    await list.reload();
  };

  const columns: DataColumn<FeedbackRow>[] = [
    { dataIndex: 'feedbackNo', title: f('feedbackNo'), width: 170 },
    {
      dataIndex: 'queryNo',
      title: f('target'),
      width: 190,
      render: (_, row) => [row.queryNo, row.barcode].filter(Boolean).join(' / ') || '-',
    },
    { dataIndex: 'projectNo', title: t('labQueries.query.project'), width: 120 },
    {
      dataIndex: 'siteName',
      title: t('labQueries.query.site'),
      render: (v: string, r) => `${r.siteNo} ${v}`,
    },
    { dataIndex: 'subjectNo', title: f('subjectNo'), width: 110, render: dash },
    { dataIndex: 'content', title: f('content'), width: 260 },
    {
      dataIndex: 'status',
      title: f('status'),
      width: 100,
      render: (v: FeedbackState) => (
        <Tag color={COLORS[v]} data-testid={`feedback-status-${v}`}>
          {f(`statuses.${v}`)}
        </Tag>
      ),
    },
    { dataIndex: 'createdByName', title: f('createdBy'), width: 100 },
    { dataIndex: 'createdAt', title: f('createdAt'), width: 170, render: (v: string) => formatTime(v) },
    { dataIndex: 'response', title: f('response'), width: 240, render: dash },
    { dataIndex: 'respondedByName', title: f('respondedBy'), width: 100, render: dash },
  ];

  return (
    <ListPage<FeedbackRow, Filter>
      list={list}
      rowKey="id"
      code={`lab.feedback.${side}`}
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={f('keywordHint')} />
          </Form.Item>
          <StatesFilter label={f('status')} states={FEEDBACK_STATES} labelOf={(s) => f(`statuses.${s}`)} />
        </>
      }
      toolbar={
        side === 'lab' && (
          <Permission value={[FEEDBACK_PERMISSIONS.create]}>
            <Button type="primary" onClick={() => setCreating(true)} data-testid="feedback-new">
              {f('new')}
            </Button>
          </Permission>
        )
      }
      actions={{
        width: 100,
        render: (row) => (
          <WorkflowActions
            workflow={labFeedbackWorkflow}
            state={row.status}
            isApplicant={row.createdBy === userId}
            actions={
              side === 'project'
                ? {
                    respond: {
                      label: f('respond'),
                      reason: {
                        title: f('respondTitle'),
                        placeholder: f('responseHint'),
                        testId: 'feedback-response',
                      },
                      onClick: (response) => respond(row, response),
                    },
                  }
                : { close: { label: f('close'), confirm: f('closeConfirm'), onClick: () => close(row) } }
            }
          />
        ),
      }}
    >
      {side === 'lab' && (
        <NewFeedbackModal
          open={creating}
          queryId={queryId}
          barcode={barcode}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void list.reload();
          }}
        />
      )}
    </ListPage>
  );
}

function NewFeedbackModal({
  open,
  queryId,
  barcode,
  onClose,
  onCreated,
}: {
  open: boolean;
  queryId: number | undefined;
  barcode: string | undefined;
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`labQueries.feedback.${key}`);
  const [form] = Form.useForm<{ barcode?: string; content?: string }>();
  const [saving, setSaving] = useState(false);
  const [about, setAbout] = useState<string>();
  useEffect(() => {
    if (open) form.setFieldsValue({ barcode });
  }, [open, barcode, form]);
  // Show which query the feedback is about (its number and text).
  useEffect(() => {
    setAbout(undefined);
    if (!open || !queryId) return;
    let live = true;
    labQueriesApi
      .queryGet(queryId)
      .then((r) => {
        if (!live) return;
        setAbout(`${r.data.queryNo} · ${r.data.subjectNo} · ${r.data.content}`);
        if (r.data.barcode) form.setFieldValue('barcode', r.data.barcode);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, queryId, form]);

  const save = async (values: { barcode?: string; content?: string }) => {
    if (!values.content) return;
    setSaving(true);
    try {
      await labQueriesApi.feedbackCreate({
        queryId: queryId ?? null,
        barcode: values.barcode?.trim() || null,
        content: values.content,
      });
      toast.success(f('created'));
      form.resetFields();
      onCreated();
    } catch {
      // Shown by the request helper.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={f('newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, 'data-testid': 'feedback-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        {queryId && (
          <div style={{ marginBottom: 12 }} data-testid="feedback-query">
            {f('query')}: {about ?? `#${queryId}`}
          </div>
        )}
        <Form.Item
          name="barcode"
          label={f('barcode')}
          rules={queryId ? [] : [{ required: true, whitespace: true, message: f('subjectRequired') }]}
        >
          <Input maxLength={32} data-testid="feedback-barcode" />
        </Form.Item>
        <Form.Item
          name="content"
          label={f('content')}
          rules={[{ required: true, whitespace: true, message: f('contentRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={PORTAL_LIMITS.note} showCount data-testid="feedback-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
