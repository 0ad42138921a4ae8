import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../access/gates';
import { col } from '../../components/columns';
import { rules } from '../../components/formRules';
import type { ListColumn } from '../../components/ListPage';
import { NumberInput } from '../../components/NumberInput';
import type { RowAction } from '../../components/RowActions';

// Form parts every /platform reference-data page shares (code, names, order, keyword and status
// filters), so that each page declares only what is its own.

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/;

/** Code (letters, digits, _ . -; up to 16), Chinese name, English name. */
export function CodeNameFields() {
  const { t } = useTranslation('platformData', { keyPrefix: 'record' });
  return (
    <>
      <Form.Item
        name="code"
        label={t('code')}
        rules={[rules.required(t('code')), { pattern: CODE_PATTERN, message: t('codeRule') }]}
      >
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[rules.required(t('name')), rules.max(t('name'), 32)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="enName"
        label={t('enName')}
        rules={[rules.required(t('enName')), rules.max(t('enName'), 64)]}
      >
        <Input maxLength={64} />
      </Form.Item>
    </>
  );
}

export function SortField() {
  const { t } = useTranslation('platformData', { keyPrefix: 'record' });
  return (
    <Form.Item name="sort" label={t('sort')}>
      <NumberInput digit={0} min={0} max={9999} />
    </Form.Item>
  );
}

export function KeywordFilter() {
  const { t } = useTranslation('platformData', { keyPrefix: 'record' });
  return (
    <Form.Item name="keyword" label={t('keyword')}>
      <Input allowClear maxLength={64} placeholder={t('keywordHint')} />
    </Form.Item>
  );
}

/**
 * A reference list's "New" button and each row's "Edit" link, behind their permissions: the
 * `toolbar` and `actions` of its ListPage. `testId` prefixes `-create` and `-edit-<code>`.
 */
export function useEditingActions<R extends { code: string }>(options: {
  permissions: { create: string; update: string };
  testId: string;
  onEdit(row: R | 'new'): void;
}) {
  const { t } = useTranslation('platformData', { keyPrefix: 'record' });
  const { permissions, testId, onEdit } = options;
  const items: RowAction<R>[] = [
    {
      label: t('edit'),
      permission: permissions.update,
      testId: (row) => `${testId}-edit-${row.code}`,
      onClick: (row) => onEdit(row),
    },
  ];
  return {
    toolbar: (
      <Permission value={[permissions.create]}>
        <Button icon={<PlusOutlined />} onClick={() => onEdit('new')} data-testid={`${testId}-create`}>
          {t('create')}
        </Button>
      </Permission>
    ),
    actions: {
      width: 90,
      items,
    },
  };
}

type Switchable = { id: number; code: string; enabled: boolean; version: number };

/**
 * A reference list's status column with its filter: each row's switch (a tag without
 * `permission`), saved at the version read through the page's setStatus mutation. `testId`
 * prefixes `-status-<code>`.
 */
export function enabledColumn<R extends Switchable>(options: {
  permission: string;
  testId: string;
  name(row: R): string;
  setStatus: {
    mutateAsync(input: {
      params: { id: number };
      body: { enabled: boolean; version: number };
    }): Promise<unknown>;
  };
}): ListColumn<R> {
  const { permission, testId, name, setStatus } = options;
  return col.enabled<R>({
    dataIndex: 'enabled',
    filter: true,
    testId: (row) => `${testId}-status-${row.code}`,
    change: {
      permission,
      name,
      onChange: (row, enabled) =>
        setStatus.mutateAsync({ params: { id: row.id }, body: { enabled, version: row.version } }),
    },
  });
}
