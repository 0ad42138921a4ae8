import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type BodyOf,
  CODE_MAPPING_PERMISSIONS,
  type CodeMappingRow,
  type DataOf,
  MAPPING_KINDS,
  type MappingKind,
} from '@trialab/api-contract';
import { Button, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { FormModal, useAction } from '../../../components/FormModal';
import { dash } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ImportModal } from '../../../components/ImportModal';
import { ListPage, useListPage } from '../../../components/ListPage';
import type { Contract } from '../../../services/contract';
import { callEndpoint, downloadEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

/** The project select's value for "all projects" (null in the request). */
const ALL = 0;

interface Filter {
  kind?: MappingKind;
  projectId?: number;
  source?: string;
  code?: string;
}

interface Values {
  projectId: number;
  kind: MappingKind;
  source: string;
  externalCode: string;
  externalName?: string;
  targetId: number;
  enabled: boolean;
}

type PreviewRow = DataOf<Contract['codeMappings']['importPreview']>['rows'][number];

const toBody = ({ projectId, ...rest }: Filter): BodyOf<Contract['codeMappings']['export']> => ({
  ...rest,
  ...(projectId === undefined ? {} : { projectId: projectId === ALL ? null : projectId }),
});

const invalidates = [(api: Contract) => api.codeMappings.paging];

/** The lab records a mapping of a kind may point to (visits and sites: the chosen project's). */
function useTargets(kind: MappingKind | undefined, projectId: number | undefined) {
  const scoped = kind === 'visit' || kind === 'site';
  const query = useEndpointQuery(
    (api) => api.codeMappings.targets,
    { body: { kind: kind ?? 'testItem', projectId: scoped ? (projectId ?? null) : null } },
    { enabled: kind !== undefined && (!scoped || Boolean(projectId)) },
  );
  return kind && (!scoped || projectId) ? (query.data?.data ?? []) : [];
}

/**
 * /platform/mapping-table: the codes sponsors and sites send (test codes, visit codes, sample
 * type codes, site numbers) mapped to the lab's records, per project or for all projects; later
 * imports resolve a code through it, a project's own mapping first.
 */
export default function MappingTablePage() {
  const { t } = useTranslation('mapping', { keyPrefix: 'table' });
  const { t: kindText } = useTranslation('mapping', { keyPrefix: 'kinds' });
  const { t: tr } = useTranslation();
  const list = useListPage((api) => api.codeMappings.paging, {} as Filter, { toBody });
  const create = useEndpointMutation((api) => api.codeMappings.create, { invalidates });
  const update = useEndpointMutation((api) => api.codeMappings.update, { invalidates });
  const [run, busy] = useAction();
  const [editing, setEditing] = useState<CodeMappingRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const projectId = Form.useWatch('projectId', form);
  const targets = useTargets(kind, projectId);
  const projects = useEndpointQuery((api) => api.codeMappings.projects).data?.data ?? [];

  const kinds = MAPPING_KINDS.map((value) => ({ value, label: kindText(value) }));
  const projectOptions = [
    { value: ALL, label: t('allProjects') },
    ...projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` })),
  ];
  const targetOptions = targets.map((target) => ({
    value: target.id,
    label: target.code === target.name ? target.name : `${target.code} ${target.name}`,
    // A record disabled since stays chosen on the mapping that has it; it is not offered to others.
    disabled: !target.enabled && (editing === 'new' || editing?.targetId !== target.id),
  }));

  const remove = async (row: CodeMappingRow) => {
    if (!(await confirmed({ content: t('confirmRemove', { code: row.externalCode }) }))) return;
    await run(
      () => callEndpoint((api) => api.codeMappings.delete, { params: { id: row.id } }).then(list.reload),
      t('removedOk'),
    );
  };

  const save = (values: Values) => {
    const body = {
      projectId: values.projectId === ALL ? null : values.projectId,
      kind: values.kind,
      source: values.source,
      externalCode: values.externalCode,
      externalName: values.externalName?.trim() || null,
      targetId: values.targetId,
      enabled: values.enabled,
    };
    return editing && editing !== 'new'
      ? update.mutateAsync({ params: { id: editing.id }, body: { ...body, version: editing.version } })
      : create.mutateAsync({ body });
  };

  const columns: DataColumn<CodeMappingRow>[] = [
    {
      dataIndex: 'projectNo',
      title: t('project'),
      width: 130,
      render: (_, row) => row.projectNo ?? t('allProjects'),
    },
    { dataIndex: 'kind', title: t('kind'), width: 100, render: (_, row) => kindText(row.kind) },
    col.text('source', t('source'), 120),
    col.text('externalCode', t('externalCode'), 130),
    col.text('externalName', t('externalName')),
    {
      dataIndex: 'targetName',
      title: t('target'),
      render: (_, row) =>
        row.targetCode === row.targetName ? dash(row.targetName) : `${row.targetCode} ${row.targetName}`,
    },
    {
      dataIndex: 'enabled',
      title: tr('fields.status'),
      width: 90,
      render: (_, row) => (
        <Tag color={row.enabled ? 'success' : 'default'}>
          {tr(row.enabled ? 'toggle.enabled' : 'toggle.disabled')}
        </Tag>
      ),
    },
  ];

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="platform.mapping-table"
      columns={columns}
      filters={
        <>
          <Form.Item name="kind" label={t('kind')}>
            <Select allowClear style={{ width: 120 }} options={kinds} />
          </Form.Item>
          <Form.Item name="projectId" label={t('project')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 200 }}
              options={projectOptions}
            />
          </Form.Item>
          <Form.Item name="source" label={t('source')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
          <Form.Item name="code" label={t('code')}>
            <Input allowClear maxLength={64} placeholder={t('codeHint')} />
          </Form.Item>
        </>
      }
      toolbar={
        <Space>
          <Permission value={[CODE_MAPPING_PERMISSIONS.add]}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="mapping-create">
              {t('create')}
            </Button>
          </Permission>
          <Permission value={[CODE_MAPPING_PERMISSIONS.import]}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="mapping-import">
              {t('import')}
            </Button>
          </Permission>
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            data-testid="mapping-export"
            onClick={() =>
              void run(() =>
                downloadEndpoint(
                  (api) => api.codeMappings.export,
                  { body: toBody(list.filter) },
                  'code-mappings.xlsx',
                ),
              )
            }
          >
            {t('export')}
          </Button>
        </Space>
      }
      actions={{
        width: 130,
        render: (row) => (
          <>
            <Permission value={[CODE_MAPPING_PERMISSIONS.edit]}>
              <Button
                type="link"
                size="small"
                onClick={() => setEditing(row)}
                data-testid={`mapping-edit-${row.id}`}
              >
                {t('edit')}
              </Button>
            </Permission>
            <Permission value={[CODE_MAPPING_PERMISSIONS.delete]}>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => void remove(row)}
                data-testid={`mapping-remove-${row.id}`}
              >
                {t('remove')}
              </Button>
            </Permission>
          </>
        ),
      }}
    >
      <FormModal<Values>
        open={editing !== null}
        form={form}
        title={t(editing === 'new' ? 'createTitle' : 'editTitle')}
        name="mapping"
        testId="mapping-form"
        initialValues={
          editing && editing !== 'new'
            ? {
                ...editing,
                projectId: editing.projectId ?? ALL,
                externalName: editing.externalName ?? undefined,
              }
            : { projectId: ALL, enabled: true }
        }
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="projectId" label={t('project')} rules={[rules.chosen(t('project'))]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={projectOptions}
            onChange={() => form.setFieldValue('targetId', undefined)}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
          <Select options={kinds} onChange={() => form.setFieldValue('targetId', undefined)} />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('source')}
          rules={[rules.required(t('source')), rules.max(t('source'), 64)]}
        >
          <Input maxLength={64} placeholder={t('sourceHint')} />
        </Form.Item>
        <Form.Item
          name="externalCode"
          label={t('externalCode')}
          rules={[rules.required(t('externalCode')), rules.max(t('externalCode'), 64)]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="externalName" label={t('externalName')} rules={[rules.max(t('externalName'), 128)]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="targetId"
          label={t('target')}
          extra={t('targetHint')}
          rules={[rules.chosen(t('target'))]}
        >
          <Select showSearch optionFilterProp="label" options={targetOptions} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
      <ImportModal<PreviewRow>
        open={importing}
        title={t('importTitle')}
        hint={t('importHint')}
        testId="mapping-import"
        columns={[
          { dataIndex: 'projectNo', title: t('project'), width: 120, render: dash },
          { dataIndex: 'kind', title: t('kind'), width: 90, render: dash },
          { dataIndex: 'source', title: t('source'), width: 100, render: dash },
          { dataIndex: 'externalCode', title: t('externalCode'), width: 110, render: dash },
          { dataIndex: 'targetCode', title: t('target'), width: 110, render: dash },
        ]}
        template={() =>
          downloadEndpoint((api) => api.codeMappings.importTemplate, {}, 'code-mapping-template.xlsx')
        }
        preview={async (fileId) =>
          (await callEndpoint((api) => api.codeMappings.importPreview, { body: { fileId } })).data
        }
        confirm={async (fileId) => {
          const done = (await callEndpoint((api) => api.codeMappings.importConfirm, { body: { fileId } }))
            .data;
          await list.reload();
          return t('importedOk', done);
        }}
        onClose={() => setImporting(false)}
      />
    </ListPage>
  );
}
