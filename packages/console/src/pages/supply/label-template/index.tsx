import {
  DEFAULT_SYMBOLOGY,
  LABEL_FIELDS,
  LABEL_KINDS,
  LABEL_PERMISSIONS,
  LABEL_SYMBOLOGIES,
  type LabelField,
  type LabelTemplateRow,
} from '@trialab/api-contract';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { FormModal } from '../../../components/FormModal';
import { formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { ViewModal } from '../../../components/ViewModal';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';
import { LabelPreview } from './LabelPreview';

interface Values {
  code: string;
  name: string;
  enName?: string | null;
  kind: (typeof LABEL_KINDS)[number];
  symbology?: (typeof LABEL_SYMBOLOGIES)[number];
  widthMm: number;
  heightMm: number;
  fields: LabelField[];
  cjk?: boolean;
}

const symbologyName = (s: string) => (s === 'datamatrix' ? 'DataMatrix' : 'Code 128');

function TemplateFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const form = Form.useFormInstance<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const kind = watched?.kind;
  return (
    <Row gutter={24}>
      <Col span={14}>
        <Form.Item
          name="code"
          label={t('code')}
          extra={editing ? t('codeFixed') : t('codeHint')}
          rules={[rules.required(t('code')), { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('codeInvalid') }]}
        >
          <Input disabled={editing} maxLength={32} data-testid="label-template-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[rules.required(t('name')), rules.max(t('name'), 64)]}
        >
          <Input data-testid="label-template-name" />
        </Form.Item>
        <Form.Item name="enName" label={t('enName')} rules={[rules.max(t('enName'), 64)]}>
          <Input data-testid="label-template-en-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
          <Select
            data-testid="label-template-kind"
            options={LABEL_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            onChange={(k: Values['kind']) => {
              if (k !== 'kit') form.setFieldValue('cjk', false);
            }}
          />
        </Form.Item>
        <Form.Item
          name="symbology"
          label={t('symbology')}
          extra={
            kind ? t('symbologyDefault', { symbology: symbologyName(DEFAULT_SYMBOLOGY[kind]) }) : undefined
          }
        >
          <Select
            allowClear
            options={LABEL_SYMBOLOGIES.map((s) => ({ value: s, label: symbologyName(s) }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="widthMm" label={t('widthMm')} rules={[rules.chosen(t('widthMm'))]}>
            <InputNumber min={10} max={220} step={1} data-testid="label-template-width" />
          </Form.Item>
          <Form.Item name="heightMm" label={t('heightMm')} rules={[rules.chosen(t('heightMm'))]}>
            <InputNumber min={5} max={400} step={1} data-testid="label-template-height" />
          </Form.Item>
        </Space>
        <Form.Item
          name="fields"
          label={t('fields')}
          extra={t('fieldsHint')}
          rules={[rules.chosen(t('fields'))]}
        >
          <Select
            mode="multiple"
            data-testid="label-template-fields"
            options={LABEL_FIELDS.map((f) => ({ value: f, label: t(`fieldNames.${f}`) }))}
          />
        </Form.Item>
        <Form.Item name="cjk" valuePropName="checked" extra={t('cjkHint')}>
          <Checkbox disabled={kind !== 'kit'}>{t('cjk')}</Checkbox>
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item label={t('preview')}>
          <LabelPreview template={watched ?? {}} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A template's fields in print order. */
function FieldTags({ fields }: { fields: LabelField[] }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  return (
    <Space size={[0, 4]} wrap>
      {fields.map((f, i) => (
        <Tag key={f}>
          {i + 1}. {t(`fieldNames.${f}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** Every version of one template, newest first (what each print job printed with). */
function Versions({ code, onClose }: { code: string | null; onClose(): void }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const rows =
    useEndpointQuery(
      (c) => c.labels.templateVersions,
      { query: { code: code ?? '' } },
      { enabled: code !== null },
    ).data?.data ?? [];
  return (
    <ViewModal open={code !== null} onCancel={onClose} title={t('versionsOf', { code })} width={900}>
      <Table<LabelTemplateRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="label-template-versions"
        columns={[
          { dataIndex: 'version', title: t('version'), render: (v: number) => `v${v}` },
          col.localName<LabelTemplateRow>(t('name')),
          { dataIndex: 'symbology', title: t('symbology'), render: symbologyName },
          { key: 'size', title: t('size'), render: (_, r) => `${r.widthMm}×${r.heightMm} mm` },
          {
            dataIndex: 'fields',
            title: t('fields'),
            render: (fs: LabelField[]) => <FieldTags fields={fs} />,
          },
          { dataIndex: 'createdByName', title: t('savedBy') },
          { dataIndex: 'createdAt', title: t('savedAt'), render: formatTime },
        ]}
      />
    </ViewModal>
  );
}

/**
 * /supply/label-template: label templates (docs/supply.md "Labels"), each code's current version;
 * create or edit with a preview (a save is the code's next version; print jobs keep the version
 * they printed with), and every version of a code.
 */
export default function LabelTemplatePage() {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'labels' });
  const list = useEndpointQuery((c) => c.labels.templates, {});
  const save = useEndpointMutation((c) => c.labels.saveTemplate, {
    invalidates: [(c) => c.labels.templates, (c) => c.labels.templateVersions],
  });
  const [editing, setEditing] = useState<Partial<Values> | null>(null);
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <Card
      title={t('templatesTitle')}
      extra={
        <Permission value={[LABEL_PERMISSIONS.template]}>
          <Button
            type="primary"
            onClick={() => setEditing({ kind: 'tube', widthMm: 40, heightMm: 20, fields: ['code'] })}
            data-testid="label-template-create"
          >
            {t('create')}
          </Button>
        </Permission>
      }
    >
      <Table<LabelTemplateRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        data-testid="label-templates"
        columns={[
          { dataIndex: 'code', title: t('code'), width: 110 },
          col.localName<LabelTemplateRow>(t('name'), 220),
          {
            dataIndex: 'kind',
            title: t('kind'),
            width: 100,
            render: (k: string) => t(`kinds.${k}` as 'kinds.tube'),
          },
          { dataIndex: 'symbology', title: t('symbology'), width: 110, render: symbologyName },
          { key: 'size', title: t('size'), width: 110, render: (_, r) => `${r.widthMm}×${r.heightMm} mm` },
          {
            dataIndex: 'fields',
            title: t('fields'),
            width: 300,
            render: (fs: LabelField[]) => <FieldTags fields={fs} />,
          },
          {
            dataIndex: 'cjk',
            title: t('cjkShort'),
            width: 80,
            render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : t('no')),
          },
          { dataIndex: 'version', title: t('version'), width: 70, render: (v: number) => `v${v}` },
          { dataIndex: 'createdByName', title: t('savedBy'), width: 90 },
          { dataIndex: 'createdAt', title: t('savedAt'), width: 170, render: formatTime },
          {
            key: 'actions',
            title: t('actions'),
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Permission value={[LABEL_PERMISSIONS.template]}>
                  <Button
                    type="link"
                    size="small"
                    data-testid={`label-template-edit-${r.code}`}
                    onClick={() =>
                      setEditing({
                        code: r.code,
                        name: r.name,
                        enName: r.enName,
                        kind: r.kind,
                        symbology: r.symbology,
                        widthMm: r.widthMm,
                        heightMm: r.heightMm,
                        fields: r.fields,
                        cjk: r.cjk,
                      })
                    }
                  >
                    {t('edit')}
                  </Button>
                </Permission>
                <Button
                  type="link"
                  size="small"
                  data-testid={`label-template-versions-${r.code}`}
                  onClick={() => setVersionsOf(r.code)}
                >
                  {t('versions')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Values>
        open={editing !== null}
        title={editing?.code ? t('editTitle', { code: editing.code }) : t('create')}
        initialValues={editing ?? {}}
        onSave={(values) =>
          save.mutateAsync({
            body: { ...values, symbology: values.symbology ?? undefined, cjk: Boolean(values.cjk) },
          })
        }
        onClose={() => setEditing(null)}
        savedMessage={t('savedOk')}
        width={980}
        name="labelTemplate"
        testId="label-template-form"
      >
        <TemplateFields editing={Boolean(editing?.code)} />
      </FormModal>
      <Versions code={versionsOf} onClose={() => setVersionsOf(null)} />
    </Card>
  );
}
