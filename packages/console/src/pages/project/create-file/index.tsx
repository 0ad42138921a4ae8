import { type BodyOf, PROJECT_FILE_PERMISSIONS, type ProjectImportType } from '@trialab/api-contract';
import { Button, Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { ExportButton } from '../../../components/ExportButton';
import { FormPage, type ListColumnField, ListField, useRecordId } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { RecordUsers } from './RecordUsers';
import { type ImportedRows, SectionImport, type SectionKeys } from './SectionImport';

type Body = BodyOf<Contract['project']['create']>;
/** The form's values: the contract's body, the two dates as one range picker. */
type Values = Omit<Body, 'startDate' | 'endDate'> & { dates?: [Dayjs | null, Dayjs | null] | null };

/** A row of a section (a site, a group, a contact) as its columns name it. */
type SectionRow = Record<string, unknown>;

const PROJECT_NO = /^[A-Za-z0-9_-]{1,32}$/;
const P = PROJECT_FILE_PERMISSIONS;
/** The form list each import section fills. */
const LIST_OF = { group: 'groups', center: 'sites', contact: 'contacts' } as const;
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/**
 * /project/create-file (and ?id= to edit): the project record with its sites (a research centre
 * under the project's centre number), groups and contacts as editable rows.
 */
export default function CreateProjectFilePage() {
  const { t } = useTranslation('projectFile', { keyPrefix: 'form' });
  const { t: l } = useTranslation('projectFile', { keyPrefix: 'list' });
  const { t: io } = useTranslation('projectRecord', { keyPrefix: 'imports' });
  const { t: tr } = useTranslation();
  const id = useRecordId();
  const [form] = Form.useForm<Values>();
  const record = useEndpointQuery((c) => c.project.get, { params: { id: id ?? 0 } }, { enabled: id !== null })
    .data?.data;
  const managers = useEndpointQuery((c) => c.project.projectManagers).data?.data ?? [];
  const centers =
    useEndpointQuery((c) => c.researchCenter.paging, { body: { page: 1, size: 100, enabled: true } }).data
      ?.data ?? [];
  const invalidates = [(c: Contract) => c.project.page];
  const create = useEndpointMutation((c) => c.project.create, { invalidates });
  const update = useEndpointMutation((c) => c.project.update, {
    invalidates: [...invalidates, (c) => c.project.get],
  });
  const [importing, setImporting] = useState<ProjectImportType | null>(null);

  /** The keys the form holds now, so an import calls a repeat of one an error. */
  const sectionKeys = (): SectionKeys => {
    const v = form.getFieldsValue(['sites', 'groups', 'contacts']) as Partial<Values>;
    return {
      group: (v.groups ?? []).flatMap((g) => (g?.code ? [g.code] : [])),
      center: (v.sites ?? []).flatMap((s) => (s?.centerNo ? [s.centerNo] : [])),
      contact: (v.contacts ?? []).flatMap((c) => (c?.name && c.role ? [{ name: c.name, role: c.role }] : [])),
    };
  };
  // Imported rows join the form's own: nothing is stored until the record is saved.
  const addImported = (imported: ImportedRows) => {
    const list = LIST_OF[imported.type];
    const current = (form.getFieldValue(list) ?? []) as unknown[];
    const rows =
      imported.type === 'group'
        ? imported.rows.map((r) => ({ code: r.code, name: r.name }))
        : imported.type === 'center'
          ? imported.rows.map((r) => ({
              researchCenterId: r.researchCenterId ?? undefined,
              centerNo: r.centerNo,
              name: r.name || undefined,
            }))
          : imported.rows.map((r) => ({
              name: r.name,
              role: r.role,
              phone: r.phone || undefined,
              email: r.email || undefined,
            }));
    form.setFieldValue(list, [...current, ...rows]);
  };

  // Checked as typed, so the manager learns before saving (the server refuses it anyway).
  const free = (check: 'checkExist' | 'checkNameExist' | 'checkPlanNoExist', message: string) =>
    rules.free(message, async (value) => {
      const taken = await callEndpoint((c) => c.project[check], { body: { value, id: id ?? undefined } });
      return taken.data;
    });

  const save = ({ dates, ...values }: Values) => {
    const body = { ...values, startDate: day(dates?.[0]), endDate: day(dates?.[1]) };
    return record
      ? update.mutateAsync({ body: { ...body, id: record.id, version: record.version } })
      : create.mutateAsync({ body });
  };

  /** The columns of each section's rows: one declaration per section, one section component. */
  const sections: Record<
    ProjectImportType,
    { title: string; columns: readonly ListColumnField<SectionRow>[] }
  > = {
    center: {
      title: t('sites'),
      columns: [
        { name: 'id', label: 'id', hidden: true, input: <Input /> },
        {
          name: 'researchCenterId',
          label: t('center'),
          width: 280,
          required: true,
          rules: [rules.chosen(t('center'))],
          input: (
            <Select
              showSearch
              optionFilterProp="label"
              options={centers.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
            />
          ),
        },
        {
          name: 'centerNo',
          label: t('centerNo'),
          width: 140,
          required: true,
          rules: [rules.required(t('centerNo')), rules.max(t('centerNo'), 16)],
          input: <Input maxLength={16} />,
        },
        { name: 'name', label: t('siteName'), input: <Input maxLength={64} /> },
      ],
    },
    group: {
      title: t('groups'),
      columns: [
        {
          name: 'code',
          label: t('code'),
          width: 140,
          required: true,
          rules: [rules.required(t('code')), rules.max(t('code'), 16)],
          input: <Input maxLength={16} />,
        },
        {
          name: 'name',
          label: t('groupName'),
          required: true,
          rules: [rules.required(t('groupName')), rules.max(t('groupName'), 64)],
          input: <Input maxLength={64} />,
        },
      ],
    },
    contact: {
      title: t('contacts'),
      columns: [
        {
          name: 'name',
          label: t('contactName'),
          required: true,
          rules: [rules.required(t('contactName'))],
          input: <Input maxLength={32} />,
        },
        {
          name: 'role',
          label: t('role'),
          required: true,
          rules: [rules.required(t('role'))],
          input: <Input maxLength={32} />,
        },
        { name: 'phone', label: t('phone'), input: <Input maxLength={32} /> },
        { name: 'email', label: t('email'), rules: [rules.email()], input: <Input maxLength={64} /> },
      ],
    },
  };

  /** One section: its rows under a header of labels, its import and export, add and remove. */
  const section = (type: ProjectImportType) => {
    const name = LIST_OF[type];
    return (
      <>
        {/* A separator holds no controls (axe: nested-interactive): the section's buttons follow it. */}
        <Divider titlePlacement="start">{sections[type].title}</Divider>
        <ListField<SectionRow>
          name={name}
          testId={`project-${name}`}
          addLabel={t('addRow')}
          removeLabel={t('removeRow')}
          columns={sections[type].columns}
          toolbar={
            <>
              <Permission value={[P.import]}>
                <Button
                  size="small"
                  onClick={() => setImporting(type)}
                  data-testid={`project-${name}-import`}
                >
                  {io('import')}
                </Button>
              </Permission>
              {record && (
                <ExportButton
                  endpoint={(c) => c.project.export}
                  input={{ params: { id: record.id }, query: { infoType: type } }}
                  fileName={`${record.projectNo}-${type}s.xlsx`}
                  permission={[P.export]}
                  data-testid={`project-${name}-export`}
                >
                  {io('export')}
                </ExportButton>
              )}
            </>
          }
        />
      </>
    );
  };

  return (
    <>
      <FormPage<Values>
        title={id ? t('editTitle') : t('createTitle')}
        ready={id === null || record !== undefined}
        form={form}
        name="projectFile"
        recordKey={id ?? 'new'}
        initialValues={
          record
            ? {
                projectNo: record.projectNo,
                name: record.name,
                enName: record.enName,
                protocolNo: record.protocolNo,
                sponsor: record.sponsor,
                managerId: record.managerId ?? undefined,
                backupManagerId: record.backupManagerId,
                dates: [
                  record.startDate ? dayjs(record.startDate) : null,
                  record.endDate ? dayjs(record.endDate) : null,
                ],
                description: record.description,
                sites: record.sites.map((s) => ({
                  id: s.id,
                  researchCenterId: s.researchCenterId ?? 0,
                  centerNo: s.centerNo,
                  name: s.name,
                })),
                groups: record.groups,
                contacts: record.contacts.map((c) => ({
                  name: c.name,
                  role: c.role,
                  phone: c.phone,
                  email: c.email,
                })),
              }
            : { sites: [], groups: [], contacts: [] }
        }
        onSave={save}
        savedMessage={t('savedOk')}
        back="/project/file"
        saveTestId="project-file-save"
        after={
          <SectionImport
            type={importing}
            existing={importing ? sectionKeys() : { group: [], center: [], contact: [] }}
            onRows={addImported}
            onClose={() => setImporting(null)}
          />
        }
      >
        <Divider titlePlacement="start">{t('basics')}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="projectNo"
              label={tr('fields.projectNo')}
              validateDebounce={300}
              rules={[
                rules.required(tr('fields.projectNo')),
                { pattern: PROJECT_NO, message: t('projectNoRule') },
                free('checkExist', t('projectNoTaken')),
              ]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="name"
              label={l('name')}
              validateDebounce={300}
              rules={[
                rules.required(l('name')),
                rules.max(l('name'), 64),
                free('checkNameExist', t('nameTaken')),
              ]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enName" label={l('enName')} rules={[rules.max(l('enName'), 128)]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="protocolNo"
              label={l('protocolNo')}
              validateDebounce={300}
              rules={[free('checkPlanNoExist', t('protocolNoTaken'))]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sponsor" label={l('sponsor')}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="managerId" label={l('manager')} rules={[rules.chosen(l('manager'))]}>
              <Select options={managers.map((m) => ({ value: m.id, label: m.username }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="backupManagerId" label={l('backupManager')}>
              <Select allowClear options={managers.map((m) => ({ value: m.id, label: m.username }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="dates" label={`${l('startDate')} / ${l('endDate')}`}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
        {section('center')}
        {section('group')}
        {section('contact')}
      </FormPage>
      {record && (
        <Permission value={[P.view]}>
          <RecordUsers projectId={record.id} projectNo={record.projectNo} />
        </Permission>
      )}
    </>
  );
}
