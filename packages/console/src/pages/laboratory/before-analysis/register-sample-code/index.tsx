import { PlusOutlined } from '@ant-design/icons';
import {
  SPECIMEN_PERMISSIONS,
  type SpecimenBarcodeRow,
  specimenBarcodeWorkflow,
} from '@trialab/api-contract';
import { Button, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { useAccess } from '../../../../access/useAccess';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { FormModal, useAction } from '../../../../components/FormModal';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { nameOptions } from '../../../../components/localName';
import { useProjectSites } from '../../../../components/ProjectSiteFields/useProjectSites';
import { stateText } from '../../../../components/StatusTag';
import { useSampleTypes } from '../../../../components/useSampleTypes';
import { callEndpoint } from '../../../../services/endpoint';
import { feedback } from '../../../../utils/feedback';
import { parseBarcodes } from '../barcodes';
import { useBarcodeColumns } from '../specimen/parts';
import { isBarcode, rangePreview } from '../specimen/scan';
import { useSubjects } from '../specimen/useSubjects';

interface Filter {
  keyword?: string;
  status?: SpecimenBarcodeRow['status'];
}

interface RegisterValues {
  projectId?: number;
  siteId?: number;
  subjectId?: number;
  sampleTypeId?: number;
  visit?: string;
  mode: 'range' | 'list';
  prefix?: string;
  from?: number;
  to?: number;
  width?: number;
  codes?: string;
}

interface LinkValues {
  siteId?: number | null;
  subjectId?: number | null;
  sampleTypeId?: number | null;
  visit?: string;
}

/** /laboratory/before-analysis/register-sample-code: register pre-printed label ranges or lists of barcodes. */
export default function RegisterSampleCodePage() {
  const { t } = useTranslation();
  const { t: common } = useTranslation('specimen', { keyPrefix: 'shared' });
  const { t: c } = useTranslation('specimen', { keyPrefix: 'code' });
  const states = (state: string) => stateText(specimenBarcodeWorkflow, state);
  const { can } = useAccess();
  const list = useListPage((c) => c.sampleCode.paging, {} as Filter);
  const sampleTypes = useSampleTypes();
  const typeOptions = nameOptions(sampleTypes);

  const [open, setOpen] = useState(false);
  const [run, saving] = useAction();
  const [form] = Form.useForm<RegisterValues>();
  const values = Form.useWatch([], form) as Partial<RegisterValues> | undefined;
  const { projects, sites } = useProjectSites(values?.projectId);
  const preview = values?.mode === 'range' ? rangePreview(values) : null;
  const subjects = useSubjects(values?.projectId);

  const [editing, setEditing] = useState<SpecimenBarcodeRow | null>(null);
  const linkSites = useProjectSites(editing?.projectId).sites;
  const linkSubjects = useSubjects(editing?.projectId);
  const subjectOptions = (list: typeof subjects) =>
    list.map((x) => ({ value: x.id, label: `${x.subjectNo} ${x.name}` }));

  const register = async (v: RegisterValues) => {
    if (!v.projectId) return;
    const links = {
      projectId: v.projectId,
      siteId: v.siteId ?? null,
      subjectId: v.subjectId ?? null,
      sampleTypeId: v.sampleTypeId ?? null,
      visit: v.visit || null,
    };
    const body =
      v.mode === 'range'
        ? {
            ...links,
            range: { prefix: v.prefix ?? '', from: v.from ?? 0, to: v.to ?? 0, width: v.width ?? 1 },
          }
        : { ...links, codes: parseBarcodes(v.codes ?? '') };
    await run(async () => {
      const r = await callEndpoint((api) => api.sampleCode.register, { body });
      feedback.success(c('registered', { count: r.data.count }));
      setOpen(false);
      form.resetFields();
      await list.reload();
    });
  };

  const saveLinks = async (v: LinkValues) => {
    if (!editing) return;
    await callEndpoint((api) => api.sampleCode.update, {
      body: {
        id: editing.id,
        version: editing.version,
        siteId: v.siteId ?? null,
        subjectId: v.subjectId ?? null,
        sampleTypeId: v.sampleTypeId ?? null,
        visit: v.visit || null,
      },
    });
    await list.reload();
  };

  const columns: DataColumn<SpecimenBarcodeRow>[] = [
    ...useBarcodeColumns(),
    { dataIndex: 'createdByName', title: common('createdBy'), width: 100 },
    col.time('createdAt', common('createdAt')),
  ];

  return (
    <ListPage<SpecimenBarcodeRow, Filter>
      list={list}
      rowKey="id"
      code="laboratory.register-sample-code"
      columns={columns}
      filters={
        <>
          <Form.Item name="keyword" label={common('keyword')}>
            <Input allowClear maxLength={64} placeholder={common('keywordHint')} />
          </Form.Item>
          <Form.Item name="status" label={t('fields.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={(['registered', 'signed', 'disabled'] as const).map((s) => ({
                value: s,
                label: states(s),
              }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[SPECIMEN_PERMISSIONS.codeCreate]}>
          <Button
            icon={<PlusOutlined />}
            data-testid="code-register-open"
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({ mode: 'range', width: 4, from: 1 });
              setOpen(true);
            }}
          >
            {c('register')}
          </Button>
        </Permission>
      }
      actions={
        can(SPECIMEN_PERMISSIONS.codeUpdate)
          ? {
              width: 90,
              items: [
                {
                  label: common('edit'),
                  hidden: (row) => row.status !== 'registered',
                  onClick: (row) => setEditing(row),
                },
              ],
            }
          : undefined
      }
    >
      <Modal
        open={open}
        title={c('register')}
        width={560}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': 'code-register-submit' } as Record<string, string>}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<RegisterValues>
          form={form}
          layout="vertical"
          onFinish={register}
          initialValues={{ mode: 'range' }}
        >
          <Form.Item
            name="projectId"
            label={t('fields.project')}
            rules={[{ required: true, message: c('projectRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="code-project"
              options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
              onChange={() => form.setFieldsValue({ siteId: undefined, subjectId: undefined })}
            />
          </Form.Item>
          <Form.Item name="siteId" label={t('fields.site')}>
            <Select
              allowClear
              options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
            />
          </Form.Item>
          <Form.Item name="subjectId" label={common('subject')}>
            <Select allowClear showSearch optionFilterProp="label" options={subjectOptions(subjects)} />
          </Form.Item>
          <Form.Item name="sampleTypeId" label={t('fields.sampleType')}>
            <Select allowClear options={typeOptions} data-testid="code-sample-type" />
          </Form.Item>
          <Form.Item name="visit" label={t('fields.visit')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="mode" label={c('mode')}>
            <Radio.Group
              options={[
                { value: 'range', label: c('range') },
                { value: 'list', label: c('list') },
              ]}
            />
          </Form.Item>
          {values?.mode === 'list' ? (
            <Form.Item
              name="codes"
              label={c('codes')}
              rules={[
                { required: true, message: c('codesRequired') },
                {
                  validator: async (_, text: string | undefined) => {
                    const bad = parseBarcodes(text ?? '').filter((code) => !isBarcode(code));
                    if (bad.length) throw new Error(common('invalidCodes', { codes: bad.join(', ') }));
                  },
                },
              ]}
            >
              <Input.TextArea rows={5} data-testid="code-list" />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="prefix"
                label={c('prefix')}
                rules={[
                  { required: true, message: c('prefixRequired') },
                  { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/, message: c('prefixRule') },
                ]}
              >
                <Input maxLength={20} data-testid="code-prefix" />
              </Form.Item>
              <Form.Item label={`${c('from')} / ${c('to')} / ${c('width')}`} required>
                <Form.Item name="from" noStyle rules={[{ required: true }]}>
                  <InputNumber min={0} max={999_999_999} precision={0} data-testid="code-from" />
                </Form.Item>{' '}
                <Form.Item name="to" noStyle rules={[{ required: true }]}>
                  <InputNumber min={0} max={999_999_999} precision={0} data-testid="code-to" />
                </Form.Item>{' '}
                <Form.Item name="width" noStyle rules={[{ required: true }]}>
                  <InputNumber min={1} max={10} precision={0} />
                </Form.Item>
              </Form.Item>
              <div data-testid="code-preview">
                {preview
                  ? c('preview', {
                      count: preview.length,
                      first: preview[0],
                      last: preview[preview.length - 1],
                    })
                  : c('rangeHint')}
              </div>
            </>
          )}
        </Form>
      </Modal>
      <FormModal<LinkValues>
        open={editing !== null}
        title={`${c('editLinks')} ${editing?.code ?? ''}`}
        initialValues={
          editing
            ? {
                siteId: editing.siteId,
                subjectId: editing.subjectId,
                sampleTypeId: editing.sampleTypeId,
                visit: editing.visit ?? undefined,
              }
            : undefined
        }
        onSave={saveLinks}
        onClose={() => setEditing(null)}
        savedMessage={common('saved')}
        okText={t('components.ok')}
      >
        <Form.Item name="siteId" label={t('fields.site')}>
          <Select
            allowClear
            options={linkSites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))}
          />
        </Form.Item>
        <Form.Item name="subjectId" label={common('subject')}>
          <Select allowClear showSearch optionFilterProp="label" options={subjectOptions(linkSubjects)} />
        </Form.Item>
        <Form.Item name="sampleTypeId" label={t('fields.sampleType')}>
          <Select allowClear options={typeOptions} />
        </Form.Item>
        <Form.Item name="visit" label={t('fields.visit')}>
          <Input maxLength={64} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
