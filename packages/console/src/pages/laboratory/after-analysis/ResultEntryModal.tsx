import type { ReportDetail, SubjectRow, TestOrderRow } from '@trialab/api-contract';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { ResultLines, resultsOf, useResultItems } from './ResultLines';

export type EntryMode =
  | { kind: 'create' }
  /** Results of an approved test order: its subject, barcode and items are fixed. */
  | { kind: 'order'; order: TestOrderRow }
  | { kind: 'edit'; report: ReportDetail };

interface Values {
  subjectId?: number;
  barcode?: string;
  visit?: string;
  results: Array<{ testItemId?: number; value?: string }>;
}

const NO_SUBJECTS: SubjectRow[] = [];

/** What the form shows when it opens: an order's items, one empty line, or the report's results. */
function initialValuesOf(mode: EntryMode | null): Partial<Values> | undefined {
  if (!mode) return undefined;
  if (mode.kind === 'order')
    return {
      visit: mode.order.visit ?? undefined,
      results: mode.order.testItems.map((i) => ({ testItemId: i.id })),
    };
  if (mode.kind === 'create') return { results: [{}] };
  return {
    visit: mode.report.visit ?? undefined,
    results: mode.report.results.map((r) => ({ testItemId: r.testItemId, value: r.value })),
  };
}

/** A saved entry changes the report lists, the monitor's counts and the report shown. */
export const REPORT_CHANGES = {
  invalidates: [
    (c: Contract) => c.report.paging,
    (c: Contract) => c.report.monitor,
    (c: Contract) => c.report.get,
  ],
};

/** Result entry: a new report, or a correction by the enterer (revisions have their own pages). */
export function ResultEntryModal({ mode, onClose }: { mode: EntryMode | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const [form] = Form.useForm<Values>();
  const open = mode !== null;
  const items = useResultItems(open);
  const subjects =
    useEndpointQuery(
      (c) => c.subject.paging,
      { body: { page: 1, size: 200, status: 'approved' } },
      { enabled: mode?.kind === 'create' },
    ).data?.data ?? NO_SUBJECTS;
  const create = useEndpointMutation((c) => c.report.create, REPORT_CHANGES);
  const update = useEndpointMutation((c) => c.report.update, REPORT_CHANGES);

  const save = async (values: Values) => {
    const results = resultsOf(values.results);
    const visit = values.visit ?? null;
    if (mode?.kind === 'order') {
      await create.mutateAsync({ body: { testOrderId: mode.order.id, visit, results } });
    } else if (mode?.kind === 'create' && values.subjectId && values.barcode) {
      await create.mutateAsync({
        body: { subjectId: values.subjectId, barcode: values.barcode, visit, results },
      });
    } else if (mode?.kind === 'edit') {
      await update.mutateAsync({
        body: { id: mode.report.id, version: mode.report.version, visit, results },
      });
    }
  };

  // An order fixes the items: one value per ordered item.
  const fromOrder = mode?.kind === 'order';
  return (
    <FormModal<Values>
      open={open}
      width={720}
      title={r(mode?.kind === 'edit' ? 'editTitle' : 'enterTitle')}
      initialValues={initialValuesOf(mode)}
      onSave={save}
      onClose={onClose}
      savedMessage={t('lab.shared.saved')}
      form={form}
      okText={t('components.ok')}
      testId="result-entry"
    >
      {mode?.kind === 'create' && (
        <Space wrap>
          <Form.Item
            name="subjectId"
            label={r('subject')}
            rules={[{ required: true, message: r('subjectRequired') }]}
          >
            <Select
              style={{ width: 260 }}
              showSearch
              optionFilterProp="label"
              data-testid="result-subject"
              options={subjects.map((s) => ({
                value: s.id,
                label: `${s.projectNo} / ${s.subjectNo} ${s.name}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="barcode"
            label={r('barcode')}
            rules={[{ required: true, whitespace: true, message: r('barcodeRequired') }]}
          >
            <Input maxLength={32} data-testid="result-barcode" />
          </Form.Item>
        </Space>
      )}
      {mode?.kind === 'order' && (
        <div style={{ marginBottom: 12 }} data-testid="result-order">
          {t('labQueries.results.order')}:{' '}
          {t('labQueries.results.fromOrder', {
            barcode: mode.order.barcode,
            subject: `${mode.order.subjectNo} ${mode.order.subjectName}`,
            visit: dash(mode.order.visit),
          })}
        </div>
      )}
      <Form.Item name="visit" label={r('visit')}>
        <Input maxLength={64} />
      </Form.Item>
      <ResultLines items={items} fixed={fromOrder} />
    </FormModal>
  );
}
