import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FORM_FIELD_TYPES,
  FORM_TEMPLATE_PERMISSIONS,
  type FormField,
  type FormFieldType,
  orderedFields,
} from '@trialab/api-contract';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { confirmed } from '../../../components/ConfirmDialog';
import { localText } from '../../../components/DynamicForm';
import { useAction } from '../../../components/FormModal';
import { FormPage, useRecordId } from '../../../components/FormPage';
import { rules } from '../../../components/formRules';
import type { Contract } from '../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { FormPreview } from '../FormPreview';
import { CODE_PATTERN } from '../templateParts';
import { type FieldDraft, moved, newField, parsedField } from './drafts';
import { FieldProperties } from './FieldProperties';

type Info = { code: string; name: string; description?: string | null };

/** A field's label in the list: one line, cut with an ellipsis (its full text is in the side form). */
const LABEL_STYLE = {
  display: 'inline-block',
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

const invalidates = [(c: Contract) => c.formTemplates.paging, (c: Contract) => c.formTemplates.get];

/**
 * /platform/edit-plan-temp-form (?id= a draft; without it a new template): the field designer.
 * Fields are added by type, ordered with up/down, edited in the side form; the preview renders the
 * complete ones with the shared rules. A published or retired revision opens read-only.
 */
export default function EditFormTemplatePage() {
  const { t, i18n } = useTranslation('planTemplate', { keyPrefix: 'form' });
  const { t: c } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  const navigate = useNavigate();
  const id = useRecordId();
  const record = useEndpointQuery(
    (api) => api.formTemplates.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  ).data?.data;
  const [info] = Form.useForm<Info>();
  // What is being designed, for the template it was designed on (the tab stays open between ids).
  const [draft, setDraft] = useState<{
    id: number | null;
    fields: FieldDraft[];
    selected: number | null;
  } | null>(null);
  const [adding, setAdding] = useState<FormFieldType>('text');
  const create = useEndpointMutation((api) => api.formTemplates.create, { invalidates });
  const update = useEndpointMutation((api) => api.formTemplates.update, { invalidates });
  const publish = useEndpointMutation((api) => api.formTemplates.publish, { invalidates });
  const [run, busy] = useAction();

  const loaded = id === null || record !== undefined;
  const readOnly = record !== undefined && record.status !== 'draft';
  const current =
    draft?.id === id
      ? draft
      : { id, selected: null, fields: (record ? orderedFields(record.fields) : []) as FieldDraft[] };
  const { fields, selected } = current;
  const set = (next: Partial<typeof current>) => setDraft({ ...current, ...next });
  const chosen = selected === null ? undefined : fields[selected];
  const complete = fields.flatMap((f, i) => {
    const parsed = parsedField(f, i);
    return parsed ? [parsed] : [];
  });
  const incomplete = fields.filter((f, i) => parsedField(f, i) === null).map((f) => f.key);

  const add = () => {
    const field = newField(
      adding,
      fields.map((f) => f.key),
      () => t(`types.${adding}`),
    );
    set({ fields: [...fields, field], selected: fields.length });
  };
  const move = (index: number, by: -1 | 1) =>
    set({ fields: moved(fields, index, by), selected: selected === index ? index + by : selected });
  const remove = (index: number) => set({ fields: fields.filter((_, i) => i !== index), selected: null });

  // Fields without what their type needs are not saved: the first one is shown to finish.
  const check = () => {
    const first = incomplete[0];
    if (first === undefined) return undefined;
    set({ selected: fields.findIndex((f) => f.key === first) });
    return { refuse: t('incomplete', { key: first }) };
  };
  const save = async (values: Info) => {
    const body = { name: values.name, description: values.description?.trim() || null, fields: complete };
    if (record) {
      await update.mutateAsync({ params: { id: record.id }, body: { ...body, version: record.version } });
      return null;
    }
    const made = await create.mutateAsync({ body: { ...body, code: values.code } });
    return made.data.id;
  };
  // A new template, once saved, is designed on as its draft (its own address).
  const saved = (made: unknown) => {
    if (typeof made !== 'number') return;
    setDraft({ id: made, fields, selected });
    navigate(`/platform/edit-plan-temp-form?id=${made}`, { replace: true });
  };
  const publishDraft = async () => {
    if (!record) return;
    if (
      !(await confirmed({ content: c('confirmPublish', { name: record.name, revision: record.revision }) }))
    )
      return;
    const done = await run(
      () => publish.mutateAsync({ params: { id: record.id }, body: { version: record.version } }),
      c('publishedOk'),
    );
    if (done) navigate(`/platform/plan-temp-form-detail?id=${record.id}`);
  };

  return (
    <FormPage<Info>
      size="small"
      title={
        record
          ? `${t('editTitle')} · ${record.code} ${c('revisionOf', { n: record.revision })}`
          : t('newTitle')
      }
      ready={loaded}
      form={info}
      name="formTemplate"
      layout="inline"
      recordKey={`${id}-${record?.version}`}
      initialValues={record ?? {}}
      readOnly={readOnly}
      notice={readOnly && <Alert type="info" showIcon message={c('readOnly')} style={{ marginBottom: 12 }} />}
      check={check}
      onSave={save}
      savedMessage={c('savedOk')}
      stay
      onSaved={saved}
      savePermission={record ? FORM_TEMPLATE_PERMISSIONS.edit : FORM_TEMPLATE_PERMISSIONS.add}
      saveTestId="form-template-save"
      testId="form-template-info"
      back="/platform/plan-temp-form"
      extra={
        record?.status === 'draft' && (
          <Permission value={[FORM_TEMPLATE_PERMISSIONS.publish]}>
            <Button onClick={publishDraft} loading={busy} data-testid="form-template-publish">
              {c('publish')}
            </Button>
          </Permission>
        )
      }
      after={
        <Row gutter={12}>
          <Col xs={24} lg={7}>
            <Card size="small" title={t('fields')}>
              {!readOnly && (
                <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
                  <Select
                    value={adding}
                    onChange={setAdding}
                    style={{ flex: 1 }}
                    aria-label={t('fieldType')}
                    data-testid="field-type"
                    options={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                  />
                  <Button icon={<PlusOutlined />} onClick={add} data-testid="field-add">
                    {t('addField')}
                  </Button>
                </Space.Compact>
              )}
              <List
                size="small"
                dataSource={fields}
                locale={{ emptyText: <Empty description={t('noFields')} /> }}
                renderItem={(field, index) => (
                  <List.Item
                    key={`${index}-${field.key}`}
                    onClick={() => set({ selected: index })}
                    style={{ cursor: 'pointer', fontWeight: index === selected ? 600 : undefined }}
                    data-testid={`field-item-${field.key}`}
                    actions={
                      readOnly
                        ? []
                        : [
                            <Button
                              key="up"
                              type="text"
                              size="small"
                              icon={<ArrowUpOutlined />}
                              aria-label={t('moveUp')}
                              disabled={index === 0}
                              onClick={(e) => {
                                e.stopPropagation();
                                move(index, -1);
                              }}
                            />,
                            <Button
                              key="down"
                              type="text"
                              size="small"
                              icon={<ArrowDownOutlined />}
                              aria-label={t('moveDown')}
                              disabled={index === fields.length - 1}
                              onClick={(e) => {
                                e.stopPropagation();
                                move(index, 1);
                              }}
                            />,
                            <Button
                              key="remove"
                              type="text"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('remove')}
                              onClick={(e) => {
                                e.stopPropagation();
                                remove(index);
                              }}
                              data-testid={`field-remove-${field.key}`}
                            />,
                          ]
                    }
                  >
                    {/* A narrow column wraps between label and tags, never inside a label (one character a line). */}
                    <Space size={4} wrap>
                      <span style={LABEL_STYLE}>
                        {localText(field.label as FormField['label'], i18n.language) || field.key}
                      </span>
                      <Tag>{t(`types.${field.type}`)}</Tag>
                      {incomplete.includes(field.key) && <Tag color="warning">!</Tag>}
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title={t('properties')}>
              {chosen && selected !== null ? (
                <FieldProperties
                  key={`${id}-${selected}-${chosen.type}-${fields.length}`}
                  field={chosen}
                  otherKeys={fields.filter((_, i) => i !== selected).map((f) => f.key)}
                  disabled={readOnly}
                  onChange={(field) => set({ fields: fields.map((f, i) => (i === selected ? field : f)) })}
                />
              ) : (
                <Empty description={t('pickField')} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={9}>
            {incomplete.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={t('incomplete', { key: incomplete.join(', ') })}
                style={{ marginBottom: 8 }}
              />
            )}
            <FormPreview fields={complete} />
          </Col>
        </Row>
      }
    >
      <Form.Item
        name="code"
        label={c('code')}
        rules={[rules.required(c('code')), { pattern: CODE_PATTERN, message: c('codeRule') }]}
      >
        <Input maxLength={16} disabled={record !== undefined} />
      </Form.Item>
      <Form.Item name="name" label={c('name')} rules={[rules.required(c('name')), rules.max(c('name'), 64)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={c('description')} style={{ flex: 1 }}>
        <Input maxLength={500} />
      </Form.Item>
    </FormPage>
  );
}
