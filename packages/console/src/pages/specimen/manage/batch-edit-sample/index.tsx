import {
  BATCH_EDIT_MAX,
  BATCH_EDIT_MAX_VOLUME_UL,
  type BatchEditChanges,
  type BatchEditField,
  type BatchEditRow,
  type BatchEditValues,
  LIBRARY_STATE_WORDS,
  type LibraryState,
  libraryWord,
} from '@trialab/api-contract';
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { StaticTable } from '../../../../components/DataTable';
import { useAction } from '../../../../components/FormModal';
import { dash } from '../../../../components/format';
import { nameOptions } from '../../../../components/localName';
import { NumberInput } from '../../../../components/NumberInput';
import { SignatureModal } from '../../../../components/SignatureModal';
import { useSampleTypes } from '../../../../components/useSampleTypes';
import { callEndpoint } from '../../../../services/endpoint';
import { useEndpointMutation } from '../../../../services/query';
import { feedback } from '../../../../utils/feedback';
import { barcodesOf, batchEditTargetOf, type ChangeValues, changesOf, filterText } from './target';

interface Values extends ChangeValues {
  barcodes?: string;
  reason?: string;
}

interface Preview {
  changes: BatchEditChanges;
  rows: BatchEditRow[];
  counts: { change: number; unchanged: number; refused: number };
}

const SAMPLE_LIST = '/specimen/manage/sample-list';
const OUTCOME_COLOURS = { change: 'blue', unchanged: 'default', refused: 'red' } as const;
const outcomeOf = (row: BatchEditRow) =>
  row.refusal ? 'refused' : row.changed.length > 0 ? 'change' : 'unchanged';
const OUTCOME_ORDER = { refused: 0, change: 1, unchanged: 2 } as const;
/** The refused rows first (what needs the reader's attention), then the changes; otherwise as asked. */
const previewOrder = (rows: BatchEditRow[]) =>
  rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => OUTCOME_ORDER[outcomeOf(a.row)] - OUTCOME_ORDER[outcomeOf(b.row)] || a.i - b.i)
    .map((x) => x.row);

/**
 * /specimen/manage/batch-edit-sample (hidden, not cached; opened from the sample list with a
 * selection or its filter): the new values of the fields a lab may correct, a preview of every
 * specimen (before → after, or why it cannot be changed), then the rows that change applied at once
 * with a reason and an e-signature (docs/library.md "Batch edit").
 */
export default function BatchEditSamplePage() {
  const { t, i18n } = useTranslation('libraryBatchEdit');
  const location = useLocation();
  const navigate = useNavigate();
  const target = batchEditTargetOf(location);
  const filter = target && 'filter' in target ? target.filter : null;
  const sampleTypes = useSampleTypes();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [signing, setSigning] = useState(false);
  const [run, busy] = useAction();
  const apply = useEndpointMutation((c) => c.libraryBatchEdit.apply, {
    invalidates: [(c) => c.librarySamples.list],
  });

  const showPreview = () =>
    run(async () => {
      const values = await form.validateFields(['barcodes', 'volumeUl', 'remark', 'visit', 'sampleTypeId']);
      const changes = changesOf(values);
      if (Object.keys(changes).length === 0) {
        feedback.error(t('nothing'));
        return;
      }
      const barcodes = barcodesOf(values.barcodes ?? '');
      if (!filter && barcodes.length === 0) {
        feedback.error(t('noBarcodes'));
        return;
      }
      setPreview(null);
      const answer = await callEndpoint((c) => c.libraryBatchEdit.preview, {
        body: filter ? { filter, changes } : { barcodes, changes },
      });
      setPreview({ changes, ...answer.data });
    });
  const toApply = preview?.rows.filter((r) => outcomeOf(r) === 'change') ?? [];
  const askSignature = () =>
    run(async () => {
      await form.validateFields(['reason']);
      setSigning(true);
    });

  const field = (f: BatchEditField, values: BatchEditValues | null) => {
    if (!values) return '';
    if (f === 'sampleTypeId') return dash(values.sampleTypeName);
    return dash(values[f]);
  };
  const fieldLabel: Record<BatchEditField, string> = {
    volumeUl: t('volumeUl'),
    remark: t('remark'),
    visit: t('visit'),
    sampleTypeId: t('sampleType'),
  };

  return (
    <Card title={t('title')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="info" showIcon message={t('rules')} />
        <Form<Values>
          form={form}
          name="batchEdit"
          layout="vertical"
          onValuesChange={(changed) => {
            // New values or specimens make the preview stale: it is asked again before applying.
            if (!('reason' in changed)) setPreview(null);
          }}
        >
          {filter ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('byFilter', { max: BATCH_EDIT_MAX, filter: filterText(filter) || t('noFilter') })}
              data-testid="batch-edit-filter"
            />
          ) : (
            <Form.Item
              name="barcodes"
              label={t('barcodes')}
              extra={t('barcodesHint', { max: BATCH_EDIT_MAX })}
              initialValue={target && 'barcodes' in target ? target.barcodes.join('\n') : ''}
            >
              <Input.TextArea rows={4} style={{ maxWidth: 480 }} />
            </Form.Item>
          )}
          <Typography.Title level={5}>{t('values')}</Typography.Title>
          <Space wrap align="start" size="large">
            <Form.Item name="volumeUl" label={t('volumeUl')}>
              <NumberInput max={BATCH_EDIT_MAX_VOLUME_UL} digit={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="remark" label={t('remark')}>
              <Input maxLength={255} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="visit" label={t('visit')} extra={t('visitHint')}>
              <Input maxLength={64} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="sampleTypeId" label={t('sampleType')}>
              <Select allowClear style={{ width: 180 }} options={nameOptions(sampleTypes)} />
            </Form.Item>
          </Space>
          <Space>
            <Button onClick={() => void showPreview()} loading={busy} data-testid="batch-edit-preview">
              {t('preview')}
            </Button>
            <Button onClick={() => navigate(SAMPLE_LIST)}>{t('back')}</Button>
          </Space>
          {preview && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Alert
                type={preview.counts.refused > 0 ? 'warning' : 'info'}
                showIcon
                message={t('counts', preview.counts)}
                description={preview.counts.refused > 0 ? t('refusedLeft') : undefined}
                data-testid="batch-edit-counts"
              />
              <div data-testid="batch-edit-rows">
                <StaticTable<BatchEditRow>
                  rowKey="code"
                  paged={false}
                  dataSource={previewOrder(preview.rows)}
                  columns={[
                    { title: t('barcodes'), dataIndex: 'code', width: 150 },
                    { title: t('project'), dataIndex: 'projectNo', width: 120, render: dash },
                    { title: t('subject'), dataIndex: 'subjectNo', width: 110, render: dash },
                    {
                      title: t('library'),
                      dataIndex: 'library',
                      width: 110,
                      render: (v: LibraryState | null) =>
                        v ? libraryWord(LIBRARY_STATE_WORDS, v, i18n.language) : '—',
                    },
                    {
                      title: t('outcome'),
                      dataIndex: 'id',
                      width: 100,
                      render: (_: unknown, row) => (
                        <Tag color={OUTCOME_COLOURS[outcomeOf(row)]}>{t(`outcomes.${outcomeOf(row)}`)}</Tag>
                      ),
                    },
                    {
                      title: t('change'),
                      dataIndex: 'changed',
                      width: 520,
                      render: (_: unknown, row) =>
                        row.refusal ? (
                          <Typography.Text type="danger">{row.refusal}</Typography.Text>
                        ) : (
                          <Space direction="vertical" size={0}>
                            {row.changed.map((f) => (
                              <span key={f}>
                                {t('changeLine', { field: fieldLabel[f], before: field(f, row.before) })}
                                <b>{field(f, row.after)}</b>
                              </span>
                            ))}
                          </Space>
                        ),
                    },
                  ]}
                />
              </div>
              <Form.Item
                name="reason"
                label={t('reason')}
                rules={[{ required: true, whitespace: true, message: t('reasonHint') }]}
              >
                <Input.TextArea
                  rows={2}
                  maxLength={255}
                  placeholder={t('reasonHint')}
                  style={{ maxWidth: 640 }}
                />
              </Form.Item>
              <Button
                type="primary"
                disabled={toApply.length === 0}
                loading={busy}
                onClick={() => void askSignature()}
                data-testid="batch-edit-apply"
              >
                {t('apply', { count: toApply.length })}
              </Button>
            </Space>
          )}
        </Form>
      </Space>
      <SignatureModal
        open={signing}
        meaning={t('meaning', { count: toApply.length })}
        onCancel={() => setSigning(false)}
        onSign={async (password) => {
          if (!preview) return;
          const answer = await apply.mutateAsync({
            body: {
              changes: preview.changes,
              rows: toApply.map((r) => ({ id: r.id ?? 0, version: r.version ?? 0 })),
              reason: form.getFieldValue('reason') ?? '',
              signature: { password },
            },
          });
          feedback.success(t('done', { count: answer.data.changed }));
          setSigning(false);
          navigate(SAMPLE_LIST);
        }}
      />
    </Card>
  );
}
