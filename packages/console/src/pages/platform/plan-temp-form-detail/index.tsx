import { FORM_TEMPLATE_PERMISSIONS, type FormField, orderedFields } from '@trialab/api-contract';
import { Button, Card, Col, Descriptions, Row, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permission } from '../../../access/gates';
import { localText } from '../../../components/DynamicForm';
import { useRecordId } from '../../../components/FormPage';
import { dash, formatTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { useEndpointQuery } from '../../../services/query';
import { FormPreview } from '../FormPreview';

/** The limits a field declares, in one line (`≤ 20`, `0–8, 1 dp`, a pattern, options or a dictionary). */
function limits(field: FormField, language: string): string {
  switch (field.type) {
    case 'text':
      return [field.maxLength && `≤ ${field.maxLength}`, field.pattern?.regex].filter(Boolean).join('  ');
    case 'textarea':
      return field.maxLength ? `≤ ${field.maxLength}` : '';
    case 'number':
      return `${field.min ?? '−∞'} – ${field.max ?? '∞'}, ${field.precision}`;
    case 'select':
    case 'multiSelect':
      return field.dictNo !== undefined
        ? `#${field.dictNo}`
        : (field.options ?? []).map((o) => localText(o.label, language)).join(' / ');
    case 'file':
      return `≤ ${field.maxFiles}`;
    default:
      return '';
  }
}

/** /platform/plan-temp-form-detail?id=: one revision read-only, its fields and a live preview. */
export default function FormTemplateDetailPage() {
  const { t, i18n } = useTranslation('planTemplate', { keyPrefix: 'form' });
  const { t: c } = useTranslation('planTemplate', { keyPrefix: 'shared' });
  const navigate = useNavigate();
  const id = useRecordId();
  const query = useEndpointQuery(
    (api) => api.formTemplates.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== null },
  );
  const record = query.data?.data;
  if (!record) return <Card loading={query.isFetching} />;
  const fields = orderedFields(record.fields);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`${t('detailTitle')} · ${record.code} ${c('revisionOf', { n: record.revision })}`}
        extra={
          <Space>
            <Button onClick={() => navigate('/platform/plan-temp-form')}>{c('back')}</Button>
            {record.status === 'draft' && (
              <Permission value={[FORM_TEMPLATE_PERMISSIONS.edit]}>
                <Button
                  type="primary"
                  onClick={() => navigate(`/platform/edit-plan-temp-form?id=${record.id}`)}
                >
                  {c('edit')}
                </Button>
              </Permission>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="form-template-detail">
          <Descriptions.Item label={c('name')}>{record.name}</Descriptions.Item>
          <Descriptions.Item label={c('revision')}>
            {c('revisionOf', { n: record.revision })}
          </Descriptions.Item>
          <Descriptions.Item label={c('updatedBy')}>{dash(record.updatedBy)}</Descriptions.Item>
          <Descriptions.Item label={c('updatedAt')}>{formatTime(record.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={c('publishedAt')}>{formatTime(record.publishedAt)}</Descriptions.Item>
          <Descriptions.Item label={c('code')}>
            <Space>
              {record.code}
              <StatusTag group="template" ns="planTemplate" status={record.status} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={c('description')} span={3}>
            {dash(record.description)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('fields')}>
            <Table<FormField>
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={[
                { dataIndex: 'key', title: t('key'), width: 120 },
                {
                  dataIndex: 'type',
                  title: t('fieldType'),
                  width: 90,
                  render: (type: FormField['type']) => t(`types.${type}`),
                },
                { key: 'label', title: t('label'), render: (_, f) => localText(f.label, i18n.language) },
                {
                  dataIndex: 'required',
                  title: t('required'),
                  width: 60,
                  render: (required: boolean) => (required ? <Tag color="processing">✓</Tag> : '-'),
                },
                { key: 'limits', title: t('limits'), render: (_, f) => dash(limits(f, i18n.language)) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <FormPreview fields={fields} />
        </Col>
      </Row>
    </Space>
  );
}
