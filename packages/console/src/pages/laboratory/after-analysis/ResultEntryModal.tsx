import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportDetail, SubjectRow, TestItemRow, TestOrderRow } from '@trialab/api-contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { nameOf } from '../../../components/localName';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

export type EntryMode =
  | { kind: 'create' }
  /** Results of an approved test order: its subject, barcode and items are fixed. */
  | { kind: 'order'; order: TestOrderRow }
  | { kind: 'edit'; report: ReportDetail }
  | { kind: 'revise'; report: ReportDetail };

interface Values {
  subjectId?: number;
  barcode?: string;
  visit?: string;
  reason?: string;
  results: Array<{ testItemId?: number; value?: string }>;
}

const NO_ITEMS: TestItemRow[] = [];
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

/** Result entry: a new report, a correction by the enterer, or a revision of a released report. */
export function ResultEntryModal({ mode, onClose }: { mode: EntryMode | null; onClose(): void }) {
  const { t } = useTranslation();
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  const [form] = Form.useForm<Values>();
  const open = mode !== null;
  const items =
    useEndpointQuery(
      (c) => c.testItems.paging,
      { body: { page: 1, size: 200, enabled: true } },
      { enabled: open },
    ).data?.data ?? NO_ITEMS;
  const subjects =
    useEndpointQuery(
      (c) => c.subject.paging,
      { body: { page: 1, size: 200, status: 'approved' } },
      { enabled: mode?.kind === 'create' },
    ).data?.data ?? NO_SUBJECTS;
  const create = useEndpointMutation((c) => c.report.create, REPORT_CHANGES);
  const update = useEndpointMutation((c) => c.report.update, REPORT_CHANGES);
  const revise = useEndpointMutation((c) => c.report.revise, REPORT_CHANGES);

  const save = async (values: Values) => {
    const results = values.results.flatMap((row) =>
      row.testItemId && row.value ? [{ testItemId: row.testItemId, value: row.value }] : [],
    );
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
    } else if (mode?.kind === 'revise') {
      await revise.mutateAsync({
        params: { id: mode.report.id },
        body: { version: mode.report.version, reason: values.reason ?? '', results },
      });
    }
  };

  // An order fixes the items: one value per ordered item.
  const fromOrder = mode?.kind === 'order';
  return (
    <FormModal<Values>
      open={open}
      width={720}
      title={r(mode?.kind === 'revise' ? 'reviseTitle' : mode?.kind === 'edit' ? 'editTitle' : 'enterTitle')}
      initialValues={initialValuesOf(mode)}
      onSave={save}
      onClose={onClose}
      savedMessage={t(mode?.kind === 'revise' ? 'lab.report.revisionSubmitted' : 'lab.shared.saved')}
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
      {mode?.kind !== 'revise' && (
        <Form.Item name="visit" label={r('visit')}>
          <Input maxLength={64} />
        </Form.Item>
      )}
      {mode?.kind === 'revise' && (
        <Form.Item
          name="reason"
          label={r('reviseReason')}
          rules={[{ required: true, whitespace: true, message: r('reasonRequired') }]}
        >
          <Input.TextArea maxLength={255} rows={2} data-testid="revise-reason" />
        </Form.Item>
      )}
      <Form.List name="results">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="start">
                <Form.Item
                  name={[field.name, 'testItemId']}
                  rules={[{ required: true, message: r('itemRequired') }]}
                >
                  <Select
                    style={{ width: 260 }}
                    showSearch
                    optionFilterProp="label"
                    placeholder={r('item')}
                    data-testid="result-item"
                    disabled={fromOrder}
                    options={items.map((i) => ({
                      value: i.id,
                      label: `${i.code} ${nameOf(i)}${i.unit ? ` (${i.unit})` : ''}`,
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={[{ required: true, whitespace: true, message: r('valueRequired') }]}
                >
                  <Input maxLength={64} placeholder={r('value')} data-testid="result-value" />
                </Form.Item>
                {!fromOrder && (
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Space>
            ))}
            {!fromOrder && (
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                {r('addItem')}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
