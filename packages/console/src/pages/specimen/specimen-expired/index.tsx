import {
  type ExpiredSpecimen,
  RETENTION_INSTRUCTION_WORDS,
  RETENTION_PERMISSIONS,
  RETENTION_WINDOW_DAYS,
  type RetentionInstruction,
} from '@trialab/api-contract';
import { Button, Checkbox, DatePicker, Form, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { RangedDatePicker } from '../../../components/DatePicker';
import { ExportButton } from '../../../components/ExportButton';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import {
  type ListColumn,
  ListPage,
  useListPage,
  useRowSelection,
  useUrlTab,
} from '../../../components/ListPage';
import { wordLabel } from '../../../components/libraryWords';
import { nameOptions } from '../../../components/localName';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { SignatureModal } from '../../../components/SignatureModal';
import { useSampleTypes } from '../../../components/useSampleTypes';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { feedback } from '../../../utils/feedback';
import { CodeSelect, useUnits } from '../container-manage/parts';
import { billPrefillState } from '../manage/bills/prefill';
import { actionRows, billPrefill, daysLeftWord } from './parts';
import { RulesTab } from './RulesTab';

interface Filter {
  code?: string;
  projectId?: number;
  sampleTypeId?: number;
  unitId?: number;
  instruction?: RetentionInstruction;
  dueFrom?: string;
  dueTo?: string;
  overdue?: boolean;
}
type FormValues = Omit<Filter, 'dueFrom' | 'dueTo'> & { due?: [Dayjs, Dayjs] | null };

const INSTRUCTION_COLOURS: Record<RetentionInstruction, string> = {
  destroy: 'red',
  return: 'blue',
  keep: 'green',
};
const TABS = { rules: 'rules', due: 'due' } as const;

/**
 * /specimen/specimen-expired: stored specimens whose retention ends within 90 days or has ended (the
 * longest applicable rule), with the project's end-of-study instruction and the action it calls for:
 * destroy and return open the bill pages with the specimens filled in, keep extends the retention
 * with a reason and an e-signature. The rules tab edits the retention rules (docs/library.md).
 */
export default function SpecimenExpiredPage() {
  const { t } = useTranslation('libraryRetention');
  const [tab, setTab] = useUrlTab<'due' | 'rules'>(TABS, 'due', 'tab');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as 'due' | 'rules')}
      items={[
        { key: 'due', label: t('tabs.due'), children: <DueList /> },
        { key: 'rules', label: t('tabs.rules'), children: <RulesTab /> },
      ]}
    />
  );
}

function DueList() {
  const { t } = useTranslation('libraryRetention');
  const navigate = useNavigate();
  const s = useTranslation('librarySamples').t;
  const extend = useEndpointMutation((c) => c.libraryRetention.extend, {
    invalidates: [(c: Contract) => c.libraryRetention.expiredList],
  });
  const list = useListPage((c) => c.libraryRetention.expiredList, {} as Filter);
  const sampleTypes = useSampleTypes();
  const units = useUnits();
  const stockOut = useEndpointQuery((c) => c.libraryBills.outboundTypes, {}).data?.data ?? [];
  const chosen = useRowSelection<ExpiredSpecimen>();
  const selected = chosen.rows;
  const [keeping, setKeeping] = useState<ExpiredSpecimen[] | null>(null);
  const [signing, setSigning] = useState<{ until: string; reason: string } | null>(null);
  const word = (v: RetentionInstruction) => wordLabel(RETENTION_INSTRUCTION_WORDS, v);

  /** Carries out an instruction for these rows, or says why it cannot. */
  const act = (instruction: RetentionInstruction, chosen: ExpiredSpecimen[]) => {
    const selection = actionRows(chosen, instruction);
    if ('refuse' in selection) {
      const { refuse } = selection;
      if (refuse === 'otherInstruction')
        feedback.warning(t('due.otherInstruction', { count: selection.count, word: word(instruction) }));
      else if (refuse === 'onBill') feedback.warning(t('due.onBill', { count: selection.count }));
      else feedback.warning(t(`due.${refuse}`));
      return;
    }
    if (instruction === 'keep') setKeeping(selection.rows);
    else
      navigate(
        instruction === 'destroy' ? '/specimen/manage/create-destroy' : '/specimen/manage/create-out',
        {
          state: billPrefillState(billPrefill(selection.rows, stockOut)),
        },
      );
  };

  const columns: ListColumn<ExpiredSpecimen>[] = [
    {
      ...col.text<ExpiredSpecimen>('code', s('shared.barcode'), 140),
      filter: { name: 'code', input: <Input allowClear maxLength={32} data-testid="expired-code" /> },
    },
    {
      ...col.text<ExpiredSpecimen>('projectNo', t('rules.project'), 120),
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 180 }} /> },
    },
    {
      ...col.text<ExpiredSpecimen>('sampleTypeName', t('rules.sampleType'), 100),
      filter: {
        name: 'sampleTypeId',
        input: <Select allowClear style={{ width: 140 }} options={nameOptions(sampleTypes)} />,
      },
    },
    col.text<ExpiredSpecimen>('endsOn', t('due.endsOn'), 130),
    {
      dataIndex: 'daysLeft',
      title: t('due.daysLeft'),
      width: 120,
      render: (v: number) => {
        const { key, count } = daysLeftWord(v);
        return (
          <Typography.Text type={v <= 0 ? 'danger' : v <= 30 ? 'warning' : undefined}>
            {t(`due.${key}`, { count })}
          </Typography.Text>
        );
      },
    },
    {
      ...col.words<ExpiredSpecimen>('instruction', t('due.instruction'), RETENTION_INSTRUCTION_WORDS, {
        width: 200,
        colors: INSTRUCTION_COLOURS,
      }),
      filter: {
        name: 'instruction',
        input: (
          <Select
            allowClear
            style={{ width: 160 }}
            options={(Object.keys(RETENTION_INSTRUCTION_WORDS) as RetentionInstruction[]).map((v) => ({
              value: v,
              label: word(v),
            }))}
          />
        ),
      },
    },
    {
      dataIndex: 'box',
      title: t('due.place'),
      width: 340,
      render: (_: unknown, r: ExpiredSpecimen) =>
        [r.unitName, r.rack, r.box, r.position].filter((x) => x).join(' / ') || '-',
      filter: {
        name: 'unitId',
        label: t('due.unit'),
        input: <CodeSelect records={units} style={{ width: 200 }} />,
      },
    },
    col.text<ExpiredSpecimen>('subjectNo', s('shared.subject'), 110),
    col.text<ExpiredSpecimen>('visit', s('shared.visit'), 100),
    col.text<ExpiredSpecimen>('note', t('due.note'), 220),
    col.text<ExpiredSpecimen>('extendedUntil', t('due.extendedUntil'), 110),
  ];

  return (
    <ListPage<ExpiredSpecimen, FormValues>
      list={list}
      rowKey="id"
      code="specimen.specimen-expired"
      columns={columns}
      header={
        <Typography.Paragraph type="secondary">
          {t('due.hint', { days: RETENTION_WINDOW_DAYS })}
        </Typography.Paragraph>
      }
      selection={chosen.selection}
      onSearch={(values) => {
        const { due, ...rest } = values;
        chosen.clear();
        list.search({
          ...rest,
          ...(due?.[0] && due[1]
            ? { dueFrom: due[0].format('YYYY-MM-DD'), dueTo: due[1].format('YYYY-MM-DD') }
            : {}),
        });
      }}
      filters={
        <>
          <Form.Item name="due" label={t('due.due')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="overdue" valuePropName="checked">
            <Checkbox>{t('due.overdue')}</Checkbox>
          </Form.Item>
        </>
      }
      toolbar={
        <Space wrap>
          <Button danger onClick={() => act('destroy', selected)} data-testid="expired-destroy">
            {t('due.destroy', { count: selected.length })}
          </Button>
          <Button onClick={() => act('return', selected)} data-testid="expired-return">
            {t('due.return', { count: selected.length })}
          </Button>
          <Permission value={[RETENTION_PERMISSIONS.extend]}>
            <Button onClick={() => act('keep', selected)} data-testid="expired-keep">
              {t('due.keep', { count: selected.length })}
            </Button>
          </Permission>
          <ExportButton
            endpoint={(api) => api.libraryRetention.expiredExport}
            input={{ body: list.filter }}
            fileName={`${t('due.exportName')}.xlsx`}
            permission={[RETENTION_PERMISSIONS.export]}
            data-testid="expired-export"
          >
            {t('due.export')}
          </ExportButton>
        </Space>
      }
      actions={{
        width: 130,
        render: (row) =>
          row.bill ? (
            <Tag
              color="processing"
              style={{ cursor: 'pointer' }}
              data-testid={`expired-bill-${row.code}`}
              onClick={() =>
                navigate(
                  row.bill?.kind === 'destroy'
                    ? '/specimen/manage/destroy-bill'
                    : '/specimen/manage/out-warehouse-bill',
                )
              }
            >
              {t('due.bill')} {row.bill.billNo}
            </Tag>
          ) : (
            <Button
              type="link"
              size="small"
              data-testid={`expired-act-${row.code}`}
              onClick={() => act(row.instruction, [row])}
            >
              {t(
                row.instruction === 'destroy'
                  ? 'due.rowDestroy'
                  : row.instruction === 'return'
                    ? 'due.rowReturn'
                    : 'due.rowKeep',
              )}
            </Button>
          ),
      }}
    >
      <FormModal<{ until: Dayjs; reason: string }>
        open={keeping !== null && signing === null}
        title={t('keep.title', { count: keeping?.length ?? 0 })}
        name="keep"
        testId="keep-form"
        savedMessage={false}
        okText={t('keep.next')}
        initialValues={{ until: dayjs().add(1, 'year') }}
        onSave={async (v) => setSigning({ until: v.until.format('YYYY-MM-DD'), reason: v.reason.trim() })}
        onClose={() => setKeeping(null)}
      >
        <Form.Item name="until" label={t('keep.until')} rules={[rules.chosen(t('keep.until'))]}>
          <RangedDatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('keep.reason')}
          rules={[rules.required(t('keep.reason')), rules.max(t('keep.reason'), 255)]}
        >
          <Input.TextArea rows={2} maxLength={255} placeholder={t('keep.reasonHint')} />
        </Form.Item>
      </FormModal>
      <SignatureModal
        open={signing !== null}
        meaning={t('keep.meaning', { count: keeping?.length ?? 0, until: signing?.until ?? '' })}
        onCancel={() => setSigning(null)}
        onSign={async (password) => {
          if (!keeping || !signing) return;
          const answer = await extend.mutateAsync({
            body: { specimenIds: keeping.map((r) => r.id), ...signing, signature: { password } },
          });
          feedback.success(t('keep.done', { count: answer.data.extended }));
          setSigning(null);
          setKeeping(null);
          chosen.clear();
        }}
      />
    </ListPage>
  );
}
