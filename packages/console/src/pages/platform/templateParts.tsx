import { PlusOutlined } from '@ant-design/icons';
import {
  FORM_TEMPLATE_PERMISSIONS,
  PLAN_TEMPLATE_PERMISSIONS,
  TEMPLATE_STATUSES,
  type TemplateStatus,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../access/gates';
import { confirmed } from '../../components/ConfirmDialog';
import { col } from '../../components/columns';
import type { DataColumn } from '../../components/DataTable';
import { FormModal, useAction } from '../../components/FormModal';
import { rules } from '../../components/formRules';
import type { Contract } from '../../services/contract';
import { callEndpoint } from '../../services/endpoint';

// What the form-template and plan-template pages share: a template is a list of revisions of a
// code (draft → published → retired), with the same columns, filters and revision actions.

export type TemplateGroup = 'formTemplates' | 'planTemplates';

export interface TemplateFilter {
  keyword?: string;
  status?: TemplateStatus;
}

export interface RevisionRow {
  id: number;
  code: string;
  name: string;
  revision: number;
  status: TemplateStatus;
  updatedBy: string | null;
  updatedAt: string;
  version: number;
}

const PERMISSIONS = { formTemplates: FORM_TEMPLATE_PERMISSIONS, planTemplates: PLAN_TEMPLATE_PERMISSIONS };
/** Test ids: `form-template-…`, `plan-template-…`. */
const TEST_ID = { formTemplates: 'form-template', planTemplates: 'plan-template' };

export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$/;

export function TemplateFilters() {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  const { t: s } = useTranslation('planTemplate', { keyPrefix: 'template.statuses' });
  const { t: f } = useTranslation();
  return (
    <>
      <Form.Item name="keyword" label={t('keyword')}>
        <Input allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="status" label={f('fields.status')}>
        <Select
          allowClear
          style={{ width: 110 }}
          options={TEMPLATE_STATUSES.map((value) => ({ value, label: s(value) }))}
        />
      </Form.Item>
    </>
  );
}

/** Code, name, V<n>, status, who changed it last and when; `extra` goes before the status. */
export function useRevisionColumns<R extends RevisionRow>(extra: DataColumn<R>[]): DataColumn<R>[] {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  return [
    col.text('code', t('code'), 140),
    col.text('name', t('name')),
    { dataIndex: 'revision', title: t('revision'), width: 70, render: (n: number) => t('revisionOf', { n }) },
    ...extra,
    col.status<R>({ group: 'template', ns: 'planTemplate' }, 90),
    col.text('updatedBy', t('updatedBy'), 110),
    col.time('updatedAt', t('updatedAt')),
  ];
}

/** The code and name of a copy. */
function CopyFields() {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  return (
    <>
      <Form.Item
        name="code"
        label={t('code')}
        rules={[rules.required(t('code')), { pattern: CODE_PATTERN, message: t('codeRule') }]}
      >
        <Input maxLength={16} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={[rules.required(t('name')), rules.max(t('name'), 64)]}>
        <Input maxLength={64} />
      </Form.Item>
    </>
  );
}

/**
 * The list's "New" button and each row's actions, each behind its permission and shown only in
 * the states it applies to: view, edit (draft), publish (draft), new version (published or
 * retired), retire (published), copy. `dialogs` (the copy dialog) goes into the ListPage.
 */
export function useRevisionActions<R extends RevisionRow>(options: {
  group: TemplateGroup;
  reload(): Promise<unknown>;
  onCreate(): void;
  onView(row: R): void;
  onEdit(row: R | { id: number }): void;
}) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  const { group, reload } = options;
  const permissions = PERMISSIONS[group];
  const testId = TEST_ID[group];
  const [run] = useAction();
  const [copying, setCopying] = useState<R | null>(null);
  const of = (c: Contract) => c[group];

  const publish = async (row: R) => {
    if (!(await confirmed({ content: t('confirmPublish', { name: row.name, revision: row.revision }) })))
      return;
    await run(
      () =>
        callEndpoint((c) => of(c).publish, { params: { id: row.id }, body: { version: row.version } }).then(
          reload,
        ),
      t('publishedOk'),
    );
  };
  const retire = async (row: R) => {
    if (!(await confirmed({ content: t('confirmRetire', { name: row.name, revision: row.revision }) })))
      return;
    await run(
      () =>
        callEndpoint((c) => of(c).retire, { params: { id: row.id }, body: { version: row.version } }).then(
          reload,
        ),
      t('retiredOk'),
    );
  };
  const newVersion = (row: R) =>
    run(async () => {
      const made = await callEndpoint((c) => of(c).newVersion, { params: { id: row.id }, body: {} });
      await reload();
      options.onEdit({ id: made.data.id });
    }, t('versionOk'));

  const link = (label: string, id: string, onClick: () => unknown, permission?: string) => {
    const button = (
      <Button type="link" size="small" onClick={() => void onClick()} data-testid={`${testId}-${id}`}>
        {label}
      </Button>
    );
    return permission ? (
      <Permission key={id} value={[permission]}>
        {button}
      </Permission>
    ) : (
      <span key={id}>{button}</span>
    );
  };

  return {
    toolbar: (
      <Permission value={[permissions.add]}>
        <Button icon={<PlusOutlined />} onClick={options.onCreate} data-testid={`${testId}-create`}>
          {t('create')}
        </Button>
      </Permission>
    ),
    actions: {
      width: 260,
      render: (row: R) => {
        const at = `${row.code}-${row.revision}`;
        return (
          <Space size={0} wrap>
            {link(t('view'), `view-${at}`, () => options.onView(row))}
            {row.status === 'draft' &&
              link(t('edit'), `edit-${at}`, () => options.onEdit(row), permissions.edit)}
            {row.status === 'draft' &&
              link(t('publish'), `publish-${at}`, () => publish(row), permissions.publish)}
            {row.status !== 'draft' &&
              link(t('newVersion'), `new-version-${at}`, () => newVersion(row), permissions.edit)}
            {row.status === 'published' &&
              link(t('retire'), `retire-${at}`, () => retire(row), permissions.publish)}
            {link(t('copy'), `copy-${at}`, () => setCopying(row), permissions.add)}
          </Space>
        );
      },
    },
    dialogs: (
      <FormModal<{ code: string; name: string }>
        open={copying !== null}
        title={t('copyTitle')}
        testId={`${testId}-copy-form`}
        initialValues={copying ? { name: copying.name } : undefined}
        savedMessage={t('copiedOk')}
        onSave={async (body) => {
          if (!copying) return;
          await callEndpoint((c) => of(c).copy, { params: { id: copying.id }, body });
          await reload();
        }}
        onClose={() => setCopying(null)}
      >
        <CopyFields />
      </FormModal>
    ),
  };
}
