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
import { useAction } from '../../../components/FormModal';
import { nameOptions } from '../../../components/localName';
import { ShowLimit } from '../../../components/ShowLimit';
import { useSampleTypes } from '../../../components/useSampleTypes';
import type { Contract } from '../../../services/contract';
import { downloadEndpoint } from '../../../services/endpoint';
import { uploadFile } from '../../../services/files';
import { useEndpointMutation, useEndpointQuery } from '../../../services/query';

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const sampleTypes = useSampleTypes();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [run, saving] = useAction();
  // A save changes the list and this record: both are asked again.
  const changes = {
    invalidates: [
      (c: Contract) => c.testItems.paging,
      (c: Contract) => c.testItems.get,
      (c: Contract) => c.testItems.dataFiles,
    ],
  };
  const create = useEndpointMutation((c) => c.testItems.create, changes);
  const update = useEndpointMutation((c) => c.testItems.update, changes);
  const resultType = Form.useWatch('resultType', form);
  const itemQuery = useEndpointQuery(
    (c) => c.testItems.get,
    { params: { id: id ?? 0 } },
    { enabled: Boolean(id) },
  );
  const filesQuery = useEndpointQuery(
    (c) => c.testItems.dataFiles,
    { query: { testItemId: id ?? 0 } },
    { enabled: Boolean(id) },
  );
  const item: TestItemRow | null = itemQuery.data?.data ?? null;
  const itemFiles = filesQuery.data?.data;
  const loading = Boolean(id) && (itemQuery.isPending || filesQuery.isPending);

  // The form shows the record when it arrives (and again after a save changed it).
  useEffect(() => {
    if (!item) return;
    form.setFieldsValue({
      code: item.code,
      name: item.name,
      enName: item.enName,
      resultType: item.resultType,
      decimals: item.decimals,
      ...(item.sampleTypeId !== null ? { sampleTypeId: item.sampleTypeId } : {}),
      ...(item.methodology ? { methodology: item.methodology } : {}),
      ...(item.unit ? { unit: item.unit } : {}),
      ...(item.referenceRange ? { referenceRange: item.referenceRange } : {}),
      ...(item.tatHours !== null ? { tatHours: item.tatHours } : {}),
      ...(item.remark ? { remark: item.remark } : {}),
    });
  }, [item, form]);
  useEffect(() => {
    if (!itemFiles) return;
    setFiles(
      itemFiles.map((f) => ({ uid: String(f.id), name: f.name, status: 'done', response: { id: f.id } })),
    );
  }, [itemFiles]);

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
    const saved = await run(
      () =>
        item
          ? update.mutateAsync({ body: { ...body, id: item.id, version: item.version } })
          : create.mutateAsync({ body }),
      t('lab.shared.saved'),
    );
    if (saved) navigate('/laboratory/test-project');
  };

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
                <Select allowClear options={nameOptions(sampleTypes)} />
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
              <Form.Item label={t('lab.testItem.remark')} htmlFor="remark">
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
                    if (fileId)
                      void downloadEndpoint(
                        (c) => c.system.fileDownload,
                        { params: { id: fileId } },
                        file.name,
                      );
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
              {t('lab.shared.save')}
            </Button>
            <Button onClick={() => navigate('/laboratory/test-project')}>{t('lab.shared.back')}</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
