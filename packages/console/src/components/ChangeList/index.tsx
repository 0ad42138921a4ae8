import { changeText, type FieldChange, fieldChanges } from '@trialab/api-contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The changed fields of an audit record, one line each (`field: old → new`), the first `limit`. */
export function ChangeLines({
  oldValue,
  newValue,
  limit = 3,
}: {
  oldValue: unknown;
  newValue: unknown;
  limit?: number;
}) {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const changes = fieldChanges(oldValue, newValue);
  if (changes.length === 0) return <Typography.Text type="secondary">{o('noChanges')}</Typography.Text>;
  return (
    <div data-testid="audit-changes">
      {changes.slice(0, limit).map((c) => (
        <div key={c.field} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {c.field && <Typography.Text strong>{c.field}: </Typography.Text>}
          <Typography.Text delete type="secondary" data-testid="audit-before">
            {changeText(c.before)}
          </Typography.Text>
          {' → '}
          <Typography.Text data-testid="audit-after">{changeText(c.after)}</Typography.Text>
        </div>
      ))}
      {changes.length > limit && (
        <Typography.Text type="secondary">{o('more', { count: changes.length - limit })}</Typography.Text>
      )}
    </div>
  );
}

/** Every changed field of an audit record as a table: field, old value, new value. */
export function ChangeTable({ oldValue, newValue }: { oldValue: unknown; newValue: unknown }) {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const cell = (v: unknown) => (
    <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {changeText(v)}
    </Typography.Text>
  );
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={fieldChanges(oldValue, newValue)}
      locale={{ emptyText: o('noChanges') }}
      columns={[
        { dataIndex: 'field', title: o('field'), width: 160 },
        { dataIndex: 'before', title: o('before'), render: cell },
        { dataIndex: 'after', title: o('after'), render: cell },
      ]}
    />
  );
}
