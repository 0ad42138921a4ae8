import {
  type DataOf,
  FEEDBACK_PERMISSIONS,
  FEEDBACK_STATES,
  type FeedbackState,
  labFeedbackWorkflow,
  PORTAL_LIMITS,
} from '@trialab/api-contract';
import { Button, Form, Input, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Permission } from '../../access/gates';
import { useAccess } from '../../access/useAccess';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';
import { useEndpointQuery } from '../../services/query';
import { useSession } from '../../stores/session';
import { feedback as toast } from '../../utils/feedback';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { FormModal } from '../FormModal';
import { ListPage, StatesFilter, useListPage } from '../ListPage';
import { ProjectSelect } from '../ProjectSelect';
import { stateText } from '../StatusTag';
import { WorkflowActions } from '../WorkflowActions';

export type FeedbackRow = DataOf<Contract['labFeedback']['labPaging']>[number];

interface Filter {
  keyword?: string;
  status?: FeedbackState[];
  queryId?: number;
  projectId?: number;
}

const COLORS: Record<FeedbackState, string> = { open: 'error', answered: 'processing', closed: 'success' };

/**
 * Feedback from the lab bench to the project manager. The bench (`side` lab) raises it about a query
 * (`?queryId=`) or a barcode (`?barcode=`) and closes it once answered; the project manager (`side`
 * project) answers it. Buttons come from the labFeedback workflow.
 */
export function FeedbackList({ side }: { side: 'lab' | 'project' }) {
  const { t } = useTranslation('labQueries', { keyPrefix: 'query' });
  const { t: f } = useTranslation('labQueries', { keyPrefix: 'feedback' });
  const { t: tr } = useTranslation();
  const { can } = useAccess();
  const userId = useSession((s) => s.user?.id);
  const [params] = useSearchParams();
  const queryId = Number(params.get('queryId')) || undefined;
  const barcode = params.get('barcode') ?? undefined;
  const list = useListPage(
    (c) => (side === 'lab' ? c.labFeedback.labPaging : c.labFeedback.projectPaging),
    (queryId ? { queryId } : {}) as Filter,
    // The home to-do opens the list as ?status=<state>, the project overview with ?projectId= too.
    { url: { status: 'many', projectId: 'id' } },
  );
  const [creating, setCreating] = useState(false);

  // Opened from a query or a sample: the form starts with it.
  useEffect(() => {
    if (side === 'lab' && (queryId || barcode) && can(FEEDBACK_PERMISSIONS.create)) setCreating(true);
  }, [side, queryId, barcode, can]);

  // Not caught: WorkflowActions keeps the answer dialog open on a refusal (the request helper shows why).
  const close = async (row: FeedbackRow) => {
    await callEndpoint((c) => c.labFeedback.close, {
      params: { id: row.id },
      body: { version: row.version },
    });
    toast.success(f('closed'));
    await list.reload();
  };
  const respond = async (row: FeedbackRow, response: string | null) => {
    await callEndpoint((c) => c.labFeedback.respond, {
      params: { id: row.id },
      body: { version: row.version, response: response ?? '' },
    });
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
    { ...col.projectNo(), title: t('project'), width: 120 },
    col.site(t('site')),
    col.text('subjectNo', f('subjectNo'), 110),
    { dataIndex: 'content', title: f('content'), width: 260 },
    {
      dataIndex: 'status',
      title: f('status'),
      width: 100,
      render: (v: FeedbackState) => (
        <Tag color={COLORS[v]} data-testid={`feedback-status-${v}`}>
          {stateText(labFeedbackWorkflow, v)}
        </Tag>
      ),
    },
    { dataIndex: 'createdByName', title: f('createdBy'), width: 100 },
    col.time('createdAt', f('createdAt')),
    col.text('response', f('response'), 240),
    col.text('respondedByName', f('respondedBy'), 100),
  ];

  return (
    <ListPage<FeedbackRow, Filter>
      list={list}
      rowKey="id"
      code={`lab.feedback.${side}`}
      columns={columns}
      filters={
        <>
          <Form.Item name="projectId" label={tr('fields.project')}>
            <ProjectSelect allowClear style={{ width: 220 }} data-testid="feedback-filter-project" />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear maxLength={64} placeholder={f('keywordHint')} />
          </Form.Item>
          <StatesFilter
            label={f('status')}
            states={FEEDBACK_STATES}
            labelOf={(s) => stateText(labFeedbackWorkflow, s)}
          />
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

interface NewFeedback {
  barcode?: string;
  content: string;
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
  const { t: f } = useTranslation('labQueries', { keyPrefix: 'feedback' });
  const [form] = Form.useForm<NewFeedback>();
  // Show which query the feedback is about (its number and text); its sample fills the barcode.
  const query = useEndpointQuery(
    (c) => c.labQuery.get,
    { params: { id: queryId ?? 0 } },
    { enabled: open && queryId !== undefined },
  );
  const about = open ? query.data?.data : undefined;
  useEffect(() => {
    if (about?.barcode) form.setFieldValue('barcode', about.barcode);
  }, [about, form]);

  const save = async (values: NewFeedback) => {
    await callEndpoint((c) => c.labFeedback.create, {
      body: { queryId: queryId ?? null, barcode: values.barcode?.trim() || null, content: values.content },
    });
    onCreated();
  };

  return (
    <FormModal<NewFeedback>
      open={open}
      title={f('newTitle')}
      form={form}
      initialValues={{ barcode }}
      onSave={save}
      onClose={onClose}
      savedMessage={f('created')}
      okText={t('components.ok')}
      testId="feedback"
    >
      {queryId && (
        <div style={{ marginBottom: 12 }} data-testid="feedback-query">
          {f('query')}: {about ? `${about.queryNo} · ${about.subjectNo} · ${about.content}` : `#${queryId}`}
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
    </FormModal>
  );
}
