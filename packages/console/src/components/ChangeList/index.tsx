import { type AuditRowNames, auditValueText, type FieldChange, fieldChanges } from '@trialab/api-contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../locales';
import { formatTime } from '../format';
import { fieldLabel } from './actionLabel';

/** An audit row as the change lists read it: its values and the names of what they point to. */
export interface AuditChangeRow extends AuditRowNames {
  oldValue: unknown;
  newValue: unknown;
}

/** A field's value as its page shows it (state words, record names, times in the user's zone). */
function useValueText(row: AuditChangeRow) {
  const lang = currentLanguage();
  return (field: string, value: unknown) => auditValueText(row, field, value, lang, formatTime);
}

/** One line of text at most `width` px wide, cut with an ellipsis, the whole on hover. */
export function OneLine({ width, text, secondary }: { width: number; text: string; secondary?: boolean }) {
  return (
    <Typography.Text
      type={secondary ? 'secondary' : undefined}
      title={text}
      style={{
        display: 'block',
        maxWidth: width,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * The changed fields of an audit record, one line each (`Field: old → new`) at most `width` px
 * wide, the first `limit`.
 */
export function ChangeLines({
  row,
  limit = 3,
  width,
}: {
  row: AuditChangeRow;
  limit?: number;
  width: number;
}) {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const text = useValueText(row);
  const changes = fieldChanges(row.oldValue, row.newValue);
  if (changes.length === 0) return <Typography.Text type="secondary">{o('noChanges')}</Typography.Text>;
  return (
    <div data-testid="audit-changes">
      {changes.slice(0, limit).map((c) => (
        <div
          key={c.field}
          style={{ maxWidth: width, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {c.field && <Typography.Text strong>{fieldLabel(c.field, row.entity)}: </Typography.Text>}
          <Typography.Text delete type="secondary" data-testid="audit-before">
            {text(c.field, c.before)}
          </Typography.Text>
          {' → '}
          <Typography.Text data-testid="audit-after">{text(c.field, c.after)}</Typography.Text>
        </div>
      ))}
      {changes.length > limit && (
        <Typography.Text type="secondary">{o('more', { count: changes.length - limit })}</Typography.Text>
      )}
    </div>
  );
}

/** Every changed field of an audit record as a table: field, old value, new value, in words. */
export function ChangeTable({ row }: { row: AuditChangeRow }) {
  const { t: o } = useTranslation('system', { keyPrefix: 'operationLog' });
  const text = useValueText(row);
  const cell = (field: string) => (v: unknown) => (
    <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text(field, v)}
    </Typography.Text>
  );
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={fieldChanges(row.oldValue, row.newValue)}
      locale={{ emptyText: <Typography.Text type="secondary">{o('noChanges')}</Typography.Text> }}
      data-testid="audit-change-table"
      columns={[
        {
          dataIndex: 'field',
          title: o('field'),
          width: 160,
          render: (field: string) => <span title={field}>{field ? fieldLabel(field, row.entity) : ''}</span>,
        },
        { dataIndex: 'before', title: o('before'), render: (v, c) => cell(c.field)(v) },
        { dataIndex: 'after', title: o('after'), render: (v, c) => cell(c.field)(v) },
      ]}
    />
  );
}
