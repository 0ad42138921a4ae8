import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TestItemRow } from '@trialab/api-contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameOf } from '../../../components/localName';
import { useEndpointQuery } from '../../../services/query';

const NO_ITEMS: TestItemRow[] = [];

/** The enabled test items a result line may name (loaded once the form is shown). */
export function useResultItems(enabled: boolean): TestItemRow[] {
  return (
    useEndpointQuery((c) => c.testItems.paging, { body: { page: 1, size: 200, enabled: true } }, { enabled })
      .data?.data ?? NO_ITEMS
  );
}

/**
 * The form's `results` lines: a test item and its value each. Result entry, its corrections and
 * the revision pages all enter results with these; `fixed` keeps the items an order asked for.
 */
export function ResultLines({ items, fixed = false }: { items: TestItemRow[]; fixed?: boolean }) {
  const { t: r } = useTranslation('lab', { keyPrefix: 'report' });
  return (
    <Form.List name="results">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="start" style={{ display: 'flex' }}>
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
                  disabled={fixed}
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
              {!fixed && (
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={r('removeItem')}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              )}
            </Space>
          ))}
          {!fixed && (
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              {r('addItem')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** The lines the form holds, as the contract's results (a line without item or value is left out). */
export function resultsOf(lines: Array<{ testItemId?: number | null; value?: string | null }> | undefined) {
  return (lines ?? []).flatMap((row) =>
    row.testItemId && row.value ? [{ testItemId: row.testItemId, value: row.value }] : [],
  );
}
