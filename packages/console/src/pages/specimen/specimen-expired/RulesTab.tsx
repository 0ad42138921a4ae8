import {
  libraryWord,
  RETENTION_INSTRUCTION_WORDS,
  RETENTION_PERMISSIONS,
  RETENTION_START_WORDS,
  RETENTION_UNIT_WORDS,
  type RetentionInstruction,
  type RetentionRule,
} from '@trialab/api-contract';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import { wordOptions } from '../../../components/libraryWords';
import { nameOptions } from '../../../components/localName';
import { ProjectSelect } from '../../../components/ProjectSelect';
import type { RowAction } from '../../../components/RowActions';
import { useSampleTypes } from '../../../components/useSampleTypes';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

interface RuleValues {
  projectId: number;
  sampleTypeId?: number | null;
  period: number;
  unit: RetentionRule['unit'];
  start: RetentionRule['start'];
  instruction: RetentionInstruction;
  returnTypeId?: number | null;
  note?: string | null;
}

const invalidates = [
  (c: Contract) => c.libraryRetention.ruleList,
  (c: Contract) => c.libraryRetention.expiredList,
];

/**
 * The retention rules of the caller's projects: per project and sample type (none: every type), a
 * period counted from the receipt or the study's end, and the end-of-study instruction. Edited here,
 * beside the list they drive, by holders of `specimen:specimen-expired:update` (audited).
 */
export function RulesTab() {
  const { t, i18n } = useTranslation('libraryRetention');
  const list = useListPage((c) => c.libraryRetention.ruleList, {} as { projectId?: number });
  const sampleTypes = useSampleTypes();
  const stockOut = useEndpointQuery((c) => c.libraryBills.outboundTypes, {}).data?.data ?? [];
  const create = useEndpointMutation((c) => c.libraryRetention.ruleCreate, { invalidates });
  const update = useEndpointMutation((c) => c.libraryRetention.ruleUpdate, { invalidates });
  const remove = useEndpointMutation((c) => c.libraryRetention.ruleRemove, { invalidates });
  const [editing, setEditing] = useState<RetentionRule | 'new' | null>(null);
  const [form] = Form.useForm<RuleValues>();
  const instruction = Form.useWatch('instruction', form);

  const columns: ListColumn<RetentionRule>[] = [
    {
      ...col.text<RetentionRule>('projectNo', t('rules.project'), 130),
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 180 }} /> },
    },
    {
      dataIndex: 'sampleTypeName',
      title: t('rules.sampleType'),
      width: 110,
      render: (v: string | null) => v ?? t('rules.allTypes'),
    },
    {
      dataIndex: 'period',
      title: t('rules.period'),
      width: 220,
      render: (_: unknown, r: RetentionRule) => {
        const unit = libraryWord(RETENTION_UNIT_WORDS, r.unit, i18n.language);
        return t('rules.periodText', {
          period: r.period,
          unit: r.period === 1 ? unit.replace(/s$/, '') : unit,
          start: libraryWord(RETENTION_START_WORDS, r.start, i18n.language),
        });
      },
    },
    col.words<RetentionRule>('instruction', t('rules.instruction'), RETENTION_INSTRUCTION_WORDS, {
      width: 150,
    }),
    col.text<RetentionRule>('returnTypeName', t('rules.returnType'), 120),
    {
      dataIndex: 'studyEnd',
      title: t('rules.studyEnd'),
      width: 110,
      render: (v: string | null, r: RetentionRule) =>
        v ??
        (r.start === 'studyEnd' ? (
          <Typography.Text type="warning">{t('rules.noStudyEnd')}</Typography.Text>
        ) : (
          '-'
        )),
    },
    col.text<RetentionRule>('note', t('rules.note'), 260),
    col.text<RetentionRule>('updatedByName', t('rules.updatedBy'), 100),
    col.time<RetentionRule>('updatedAt', t('rules.updatedAt')),
  ];
  const actions: RowAction<RetentionRule>[] = [
    {
      label: t('rules.edit'),
      permission: RETENTION_PERMISSIONS.rules,
      testId: (r) => `rule-edit-${r.id}`,
      onClick: (r) => setEditing(r),
    },
    {
      label: t('rules.remove'),
      permission: RETENTION_PERMISSIONS.rules,
      danger: true,
      confirm: () => t('rules.removeConfirm'),
      run: (r) => remove.mutateAsync({ params: { id: r.id }, body: { version: r.version } }),
      done: t('rules.removed'),
    },
  ];

  const save = async (v: RuleValues) => {
    const fields = {
      sampleTypeId: v.sampleTypeId ?? null,
      period: v.period,
      unit: v.unit,
      start: v.start,
      instruction: v.instruction,
      returnTypeId: v.instruction === 'return' ? (v.returnTypeId ?? null) : null,
      note: v.note ?? null,
    };
    if (editing === 'new') return create.mutateAsync({ body: { projectId: v.projectId, ...fields } });
    if (editing)
      return update.mutateAsync({
        params: { id: editing.id },
        body: { version: editing.version, ...fields },
      });
  };

  return (
    <ListPage<RetentionRule, { projectId?: number }>
      list={list}
      rowKey="id"
      code="specimen.retention-rules"
      columns={columns}
      header={<Typography.Paragraph type="secondary">{t('rules.hint')}</Typography.Paragraph>}
      toolbar={
        <Permission value={[RETENTION_PERMISSIONS.rules]}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="rule-add">
            {t('rules.add')}
          </Button>
        </Permission>
      }
      actions={{ width: 130, items: actions }}
    >
      <FormModal<RuleValues>
        open={editing !== null}
        title={editing === 'new' ? t('rules.titleNew') : t('rules.titleEdit')}
        name="rule"
        testId="rule-form"
        form={form}
        savedMessage={t('rules.saved')}
        initialValues={
          editing && editing !== 'new'
            ? editing
            : { unit: 'year', start: 'received', instruction: 'destroy', period: 5 }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="projectId" label={t('rules.project')} rules={[rules.chosen(t('rules.project'))]}>
          <ProjectSelect disabled={editing !== 'new'} />
        </Form.Item>
        <Form.Item name="sampleTypeId" label={t('rules.sampleType')}>
          <Select allowClear placeholder={t('rules.allTypes')} options={nameOptions(sampleTypes)} />
        </Form.Item>
        <Space align="start">
          <Form.Item name="period" label={t('rules.period')} rules={[rules.required(t('rules.period'))]}>
            <InputNumber min={1} max={1200} precision={0} />
          </Form.Item>
          <Form.Item name="unit" label={t('rules.unit')}>
            <Select style={{ width: 100 }} options={wordOptions(RETENTION_UNIT_WORDS)} />
          </Form.Item>
          <Form.Item name="start" label={t('rules.start')}>
            <Select style={{ width: 160 }} options={wordOptions(RETENTION_START_WORDS)} />
          </Form.Item>
        </Space>
        <Form.Item name="instruction" label={t('rules.instruction')}>
          <Radio.Group options={wordOptions(RETENTION_INSTRUCTION_WORDS)} />
        </Form.Item>
        {instruction === 'return' && (
          <Form.Item name="returnTypeId" label={t('rules.returnType')}>
            <Select
              allowClear
              options={stockOut.filter((x) => !x.returnsSample).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('rules.note')} rules={[rules.max(t('rules.note'), 255)]}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
