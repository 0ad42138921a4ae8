import { UploadOutlined } from '@ant-design/icons';
import type { TestItemRow } from '@trialab/api-contract';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Upload,
  type UploadFile,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ShowLimit } from '../../../components/ShowLimit';
import { containerApi } from '../../../services/container';
import { labApi, uploadFile } from '../../../services/lab';
import { feedback } from '../../../utils/feedback';
import { useSampleTypes } from '../useSampleTypes';

interface Values {
  code: string;
  name: string;
  enName: string;
  sampleTypeId?: number;
  methodology?: string;
  unit?: string;
  referenceRange?: string;
  resultType: 'numeric' | 'text';
  decimals: number;
  tatHours?: number;
  remark?: string;
}

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

/** /laboratory/test-create (hidden): create a test item, or edit one with `?id=`. */
export default function TestCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const sampleTypes = useSampleTypes();
  const [form] = Form.useForm<Values>();
  const [item, setItem] = useState<TestItemRow | null>(null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [loading, setLoading] = useState(Boolean(id));
  const [saving, setSaving] = useState(false);
  const resultType = Form.useWatch('resultType', form);

  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoading(true);
    Promise.all([labApi.testItemGet(id), labApi.testItemFiles(id)])
      .then(([itemResponse, filesResponse]) => {
        if (!live) return;
        const row = itemResponse.data;
        setItem(row);
        form.setFieldsValue({
          code: row.code,
          name: row.name,
          enName: row.enName,
          resultType: row.resultType,
          decimals: row.decimals,
          ...(row.sampleTypeId !== null ? { sampleTypeId: row.sampleTypeId } : {}),
          ...(row.methodology ? { methodology: row.methodology } : {}),
          ...(row.unit ? { unit: row.unit } : {}),
          ...(row.referenceRange ? { referenceRange: row.referenceRange } : {}),
          ...(row.tatHours !== null ? { tatHours: row.tatHours } : {}),
          ...(row.remark ? { remark: row.remark } : {}),
        });
        setFiles(
          filesResponse.data.map((f) => ({
            uid: String(f.id),
            name: f.name,
            status: 'done',
            response: { id: f.id },
          })),
        );
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, form]);

  const save = async (values: Values) => {
    const fileIds = files.flatMap((f) => {
      const fileId = (f.response as { id?: number } | undefined)?.id;
      return typeof fileId === 'number' ? [fileId] : [];
    });
    const body = {
      ...values,
      sampleTypeId: values.sampleTypeId ?? null,
      tatHours: values.tatHours ?? null,
      fileIds,
    };
    setSaving(true);
    try {
      if (item) await labApi.testItemUpdate({ ...body, id: item.id, version: item.version });
      else await labApi.testItemCreate(body);
      feedback.success(t('lab.common.saved'));
      navigate('/laboratory/test-project');
    } catch {
      // Shown by the request helper (duplicate code, stale version...).
    } finally {
      setSaving(false);
    }
  };

  const english = i18n.language === 'en-US';
  return (
    <Card title={t(item ? 'lab.testItem.edit' : 'lab.testItem.create')}>
      <Spin spinning={loading}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ resultType: 'numeric', decimals: 2 }}
          onFinish={(values) => void save(values)}
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('lab.testItem.code')}
                rules={[
                  { required: true, message: t('lab.testItem.codeRequired') },
                  { pattern: CODE_PATTERN, message: t('lab.testItem.codePattern') },
                ]}
              >
                <Input maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="name"
                label={t('lab.testItem.name')}
                rules={[{ required: true, whitespace: true, message: t('lab.testItem.nameRequired') }]}
              >
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="enName"
                label={t('lab.testItem.enName')}
                rules={[{ required: true, whitespace: true, message: t('lab.testItem.enNameRequired') }]}
              >
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="sampleTypeId" label={t('lab.testItem.sampleType')}>
                <Select
                  allowClear
                  options={sampleTypes.map((s) => ({ value: s.id, label: english ? s.enName : s.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="methodology" label={t('lab.testItem.methodology')}>
                <Input maxLength={128} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="unit" label={t('lab.testItem.unit')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="referenceRange" label={t('lab.testItem.referenceRange')}>
                <Input maxLength={128} placeholder="3.9-6.1" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="resultType" label={t('lab.testItem.resultType')}>
                <Radio.Group
                  options={[
                    { value: 'numeric', label: t('lab.testItem.numeric') },
                    { value: 'text', label: t('lab.testItem.text') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="decimals" label={t('lab.testItem.decimals')}>
                <InputNumber
                  min={0}
                  max={10}
                  precision={0}
                  disabled={resultType === 'text'}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="tatHours" label={t('lab.testItem.tatHours')}>
                <InputNumber min={1} max={8760} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('lab.testItem.remark')}>
                <Form.Item name="remark" noStyle>
                  <Input.TextArea maxLength={255} rows={2} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => <ShowLimit value={form.getFieldValue('remark') ?? ''} max={255} />}
                </Form.Item>
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('lab.testItem.files')}>
                <Upload
                  fileList={files}
                  maxCount={20}
                  onChange={({ fileList }) => setFiles(fileList)}
                  onPreview={(file) => {
                    const fileId = (file.response as { id?: number } | undefined)?.id;
                    if (fileId) void containerApi.downloadFile(fileId, file.name);
                  }}
                  customRequest={({ file, onSuccess, onError }) => {
                    const blob = file as File;
                    void blob
                      .arrayBuffer()
                      .then((buffer) =>
                        uploadFile(
                          new Uint8Array(buffer),
                          blob.name,
                          blob.type || 'application/octet-stream',
                        ),
                      )
                      .then((uploaded) => onSuccess?.(uploaded))
                      .catch((error: unknown) =>
                        onError?.(error instanceof Error ? error : new Error(String(error))),
                      );
                  }}
                >
                  <Button icon={<UploadOutlined />}>{t('lab.testItem.upload')}</Button>
                </Upload>
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="test-item-save">
              {t('lab.common.save')}
            </Button>
            <Button onClick={() => navigate('/laboratory/test-project')}>{t('lab.common.back')}</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
